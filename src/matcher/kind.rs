//! [`MatcherKind`]: the one list of the crate's matchers.

use std::fmt;
use std::str::FromStr;

use super::{Auto, Dinic, HopcroftKarp, Matcher, PothenFan, PushRelabel};
use crate::Bipartite;
use crate::Matching;
use crate::MatchingError;

/// Every maximum-matching algorithm of the crate, chosen by value: parse
/// one from its name, list them all, or use the kind itself as a
/// [`Matcher`].
///
/// New kinds may come in minor versions (`#[non_exhaustive]`), so code
/// that must cover every matcher iterates [`MatcherKind::ALL`] instead of
/// writing the list out.
///
/// | kind | [`name`](Self::name) | short | worst case, cold or warm |
/// |---|---|---|---|
/// | [`Auto`](MatcherKind::Auto) | `auto` | | O(E·√V) |
/// | [`PushRelabel`](MatcherKind::PushRelabel) | `push-relabel` | `pr` | O(V·E) |
/// | [`PothenFan`](MatcherKind::PothenFan) | `pothen-fan` | `pf` | O(V·E) |
/// | [`HopcroftKarp`](MatcherKind::HopcroftKarp) | `hopcroft-karp` | `hk` | O(E·√V) |
/// | [`Dinic`](MatcherKind::Dinic) | `dinic` | | O(E·√V) |
///
/// ```
/// use bimatch::{Bipartite, Matcher, MatcherKind};
///
/// let g = Bipartite::from_edges(2, 2, [(0, 0), (0, 1), (1, 0)])?;
/// for kind in MatcherKind::ALL {
///     assert_eq!(kind.maximum_matching(&g).len(), 2, "{kind}");
/// }
/// let hk: MatcherKind = "hk".parse()?;
/// assert_eq!(hk, MatcherKind::HopcroftKarp);
/// assert_eq!(hk.to_string(), "hopcroft-karp");
/// assert_eq!(hk.matcher().name(), "hopcroft-karp");
/// assert!("simplex".parse::<MatcherKind>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum MatcherKind {
    /// [`Auto`], the default.
    #[default]
    Auto,
    /// [`PushRelabel`].
    PushRelabel,
    /// [`PothenFan`].
    PothenFan,
    /// [`HopcroftKarp`].
    HopcroftKarp,
    /// [`Dinic`].
    Dinic,
}

impl MatcherKind {
    /// Every kind, the default first.
    pub const ALL: &'static [MatcherKind] = &[
        MatcherKind::Auto,
        MatcherKind::PushRelabel,
        MatcherKind::PothenFan,
        MatcherKind::HopcroftKarp,
        MatcherKind::Dinic,
    ];

    /// The matcher this kind stands for.
    pub fn matcher(self) -> &'static dyn Matcher {
        match self {
            MatcherKind::Auto => &Auto,
            MatcherKind::PushRelabel => &PushRelabel,
            MatcherKind::PothenFan => &PothenFan,
            MatcherKind::HopcroftKarp => &HopcroftKarp,
            MatcherKind::Dinic => &Dinic,
        }
    }

    /// The kind's name: the matcher's [`Matcher::name`], which
    /// [`FromStr`] accepts back.
    pub fn name(self) -> &'static str {
        self.matcher().name()
    }

    /// The short name accepted beside [`name`](Self::name), if any
    /// (`pr`, `pf`, `hk`).
    pub fn short_name(self) -> Option<&'static str> {
        match self {
            MatcherKind::PushRelabel => Some("pr"),
            MatcherKind::PothenFan => Some("pf"),
            MatcherKind::HopcroftKarp => Some("hk"),
            MatcherKind::Auto | MatcherKind::Dinic => None,
        }
    }
}

impl fmt::Display for MatcherKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no [`MatcherKind`]'s.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown matcher {name:?}: expected one of {known}")]
pub struct UnknownMatcher {
    name: String,
    known: String,
}

impl UnknownMatcher {
    /// The name that was given.
    pub fn name(&self) -> &str {
        &self.name
    }
}

impl FromStr for MatcherKind {
    type Err = UnknownMatcher;

    /// A kind from its [`name`](MatcherKind::name) or
    /// [`short_name`](MatcherKind::short_name), ignoring ASCII case.
    fn from_str(s: &str) -> Result<MatcherKind, UnknownMatcher> {
        MatcherKind::ALL
            .iter()
            .copied()
            .find(|k| {
                s.eq_ignore_ascii_case(k.name())
                    || k.short_name().is_some_and(|n| s.eq_ignore_ascii_case(n))
            })
            .ok_or_else(|| UnknownMatcher {
                name: s.to_string(),
                known: MatcherKind::ALL
                    .iter()
                    .map(|k| match k.short_name() {
                        Some(short) => format!("{k} ({short})"),
                        None => k.to_string(),
                    })
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }
}

impl Matcher for MatcherKind {
    fn maximum_matching(&self, graph: &Bipartite) -> Matching {
        self.matcher().maximum_matching(graph)
    }

    fn maximum_matching_from(
        &self,
        graph: &Bipartite,
        start: Matching,
    ) -> Result<Matching, MatchingError> {
        self.matcher().maximum_matching_from(graph, start)
    }

    fn name(&self) -> &'static str {
        self.matcher().name()
    }
}
