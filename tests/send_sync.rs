//! Every public type can cross threads: a compile-time check, so that a
//! type that stops being `Send + Sync` (or a `Matcher` that is not) fails
//! the build rather than a user's code.

use bimatch::game::{Grid, GridGraph};
use bimatch::{
    Auto, Bipartite, Bipartition, Certificate, Dinic, DmDecomposition, Error, GraphError,
    GridError, HopcroftKarp, IndependentSet, KarpSipser, Left, Matcher, MatcherKind, Matching,
    MatchingError, NonEssential, PothenFan, PushRelabel, ReadError, Right, Side, UnknownMatcher,
    Vertex, VertexCover,
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
