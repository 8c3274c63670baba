// Peer: LEMON's MaxMatching (Edmonds' blossom algorithm with persistent
// labels; greedy start) on an undirected graph "N M" + M lines "u v".
//
// Usage: lemon_matching GRAPH
// Stdout: "gallai-edmonds D A C" (the sizes of LEMON's decomposition: EVEN,
// ODD and MATCHED nodes after the run), then "size median_ms min_ms reps".
// Timed: constructing the MaxMatching object and run(); the SmartGraph is
// built before timing.
#include <lemon/matching.h>
#include <lemon/smart_graph.h>

#include <memory>

#include "common.hpp"

int main(int argc, char** argv) {
    if (argc != 2) { std::fprintf(stderr, "usage: lemon_matching GRAPH\n"); return 1; }
    bench::General input;
    if (!bench::read_general(argv[1], input)) return 1;
    lemon::SmartGraph g;
    g.reserveNode(input.N);
    g.reserveEdge(static_cast<int>(input.M));
    std::vector<lemon::SmartGraph::Node> nodes;
    nodes.reserve(input.N);
    for (int v = 0; v < input.N; ++v) nodes.push_back(g.addNode());
    for (long long i = 0; i < input.M; ++i) g.addEdge(nodes[input.eu[i]], nodes[input.ev[i]]);
    using Matching = lemon::MaxMatching<lemon::SmartGraph>;
    std::unique_ptr<Matching> mm;
    int rc = bench::time_reps([&] { mm.reset(); },
                              [&] {
                                  mm.reset(new Matching(g));
                                  mm->run();
                                  return static_cast<long long>(mm->matchingSize());
                              });
    if (rc) return rc;
    long long d = 0, a = 0, c = 0;
    for (int v = 0; v < input.N; ++v) {
        switch (mm->status(nodes[v])) {
            case Matching::EVEN: ++d; break;
            case Matching::ODD: ++a; break;
            default: ++c; break;
        }
    }
    // The protocol line must stay last: print the decomposition on stderr too.
    std::fprintf(stderr, "gallai-edmonds %lld %lld %lld\n", d, a, c);
    return 0;
}
