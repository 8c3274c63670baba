//! Every public type can cross threads: a compile-time check, so that a
//! type that stops being `Send + Sync` (or a `Matcher` that is not) fails
//! the build rather than a user's code.

use bimatch::game::{Grid, GridGraph};
use bimatch::{
    Auto, Bipartite, Bipartition, Certificate, Dinic, DmBlock, DmBlocks, DmDecomposition, DmPart,
    Edges, Error, GraphError, GridError, HopcroftKarp, IndependentSet, KarpSipser, Left, Matcher,
    MatcherKind, Matching, MatchingError, Members, Neighbors, NonEssential, Pairs, PothenFan,
    PushRelabel, ReadError, Right, Side, Structure, UnknownMatcher, Vertex, VertexCover, Vertices,
};

fn send_sync<T: Send + Sync + ?Sized>() {}

#[test]
fn public_types_are_send_and_sync() {
    send_sync::<Bipartite>();
    send_sync::<Bipartition>();
    send_sync::<Left>();
    send_sync::<Right>();
    send_sync::<Side>();
    send_sync::<Vertex>();
    send_sync::<Matching>();
    send_sync::<NonEssential>();
    send_sync::<VertexCover>();
    send_sync::<IndependentSet>();
    send_sync::<Certificate>();
    send_sync::<DmDecomposition>();
    send_sync::<DmPart>();
    send_sync::<DmBlock>();
    send_sync::<DmBlocks<'static>>();
    send_sync::<Members<'static>>();
    send_sync::<Structure<'static>>();
    send_sync::<Edges<'static>>();
    send_sync::<Neighbors<'static, Left>>();
    send_sync::<Vertices<Right>>();
    send_sync::<Pairs<'static>>();
    send_sync::<bimatch::general::Graph>();
    send_sync::<bimatch::general::Matching>();
    send_sync::<bimatch::general::GallaiEdmonds>();
    send_sync::<bimatch::general::TutteBerge>();
    send_sync::<bimatch::general::Error>();
    send_sync::<bimatch::game::Moves>();
    send_sync::<bimatch::assignment::CostMatrix<f64>>();
    send_sync::<bimatch::assignment::WeightedBipartite<i64>>();
    send_sync::<bimatch::assignment::Error>();
    send_sync::<bimatch::assignment::Solution<f64>>();
    send_sync::<bimatch::assignment::Solution<i64>>();
    send_sync::<bimatch::assignment::MaxProduct>();
    send_sync::<bimatch::assignment::Assignment<'static, f32>>();
    send_sync::<bimatch::assignment::MinCostMatching<'static, i32>>();
    send_sync::<Grid>();
    send_sync::<GridGraph>();
    send_sync::<Error>();
    send_sync::<GraphError>();
    send_sync::<MatchingError>();
    send_sync::<GridError>();
    send_sync::<ReadError>();
    send_sync::<UnknownMatcher>();
    send_sync::<MatcherKind>();
    send_sync::<Auto>();
    send_sync::<PushRelabel>();
    send_sync::<PothenFan>();
    send_sync::<HopcroftKarp>();
    send_sync::<Dinic>();
    send_sync::<KarpSipser>();
    send_sync::<dyn Matcher>();
    send_sync::<Box<dyn Matcher>>();
    send_sync::<&'static dyn Matcher>();
}
