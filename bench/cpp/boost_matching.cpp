// Peer: Boost Graph Library's edmonds_maximum_cardinality_matching (Edmonds'
// augmenting-path search from an extra-greedy start; the unchecked variant)
// on an undirected graph "N M" + M lines "u v".
//
// Usage: boost_matching GRAPH
// Stdout: "size median_ms min_ms reps". Timed: the call alone, on an
// adjacency_list built before timing.
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/max_cardinality_matching.hpp>

#include "common.hpp"

int main(int argc, char** argv) {
    if (argc != 2) { std::fprintf(stderr, "usage: boost_matching GRAPH\n"); return 1; }
    bench::General input;
    if (!bench::read_general(argv[1], input)) return 1;
    using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;
    using Vertex = boost::graph_traits<Graph>::vertex_descriptor;
    Graph g(input.N);
    for (long long i = 0; i < input.M; ++i) boost::add_edge(input.eu[i], input.ev[i], g);
    std::vector<Vertex> mate(input.N);
    int rc = bench::time_reps([] {},
                              [&] {
                                  boost::edmonds_maximum_cardinality_matching(g, &mate[0]);
                                  return static_cast<long long>(boost::matching_size(g, &mate[0]));
                              });
    return rc;
}
