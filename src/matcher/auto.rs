//! The default matcher: picks an algorithm from the graph's shape.

use super::{Matcher, PothenFan};
use crate::error::Error;
use crate::graph::Bipartite;
use crate::matching::Matching;

/// The crate's default matcher.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Auto;

impl Matcher for Auto {
    fn maximum_matching(&self, graph: &Bipartite) -> Matching {
        PothenFan.maximum_matching(graph)
    }

    fn maximum_matching_from(&self, graph: &Bipartite, start: Matching) -> Result<Matching, Error> {
        PothenFan.maximum_matching_from(graph, start)
    }

    fn name(&self) -> &'static str {
        "auto"
    }
}
