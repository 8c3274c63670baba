// Shared checks for the fuzz targets: every matcher on one graph.

use bimatch::{non_essential_vertices, Bipartite, Matcher, MatcherKind, Matching};

/// Every matcher the crate offers: the crate's own list.
pub const MATCHERS: &[MatcherKind] = MatcherKind::ALL;

/// Runs every matcher on `g` and checks the answers against each other and
/// against the König certificate; returns the first matcher's matching.
pub fn check_all_matchers(g: &Bipartite) -> Matching {
    let mut first: Option<(Matching, bimatch::NonEssential)> = None;
    for matcher in MATCHERS {
        let m = matcher.maximum_matching(g);
        m.check(g)
            .expect("the matching's pairs are edges of the graph");
        for (u, v) in m.pairs() {
            assert_eq!(
                m.right_mate(v),
                Some(u),
                "{}: mates disagree",
                matcher.name()
            );
        }
        let certificate = bimatch::certify(g, &m).expect("a maximum matching has a certificate");
        certificate
            .verify(g, &m)
            .expect("the certificate proves the matching maximum");
        assert_eq!(certificate.cover().len(), m.len(), "{}", matcher.name());
        let ne = non_essential_vertices(g, &m).expect("the matching is maximum");
        match &first {
            None => first = Some((m, ne)),
            Some((m0, ne0)) => {
                assert_eq!(m.len(), m0.len(), "{}: size differs", matcher.name());
                assert_eq!(ne.left(), ne0.left(), "{}", matcher.name());
                assert_eq!(ne.right(), ne0.right(), "{}", matcher.name());
            }
        }
    }
    first.map(|(m, _)| m).expect("at least one matcher")
}
