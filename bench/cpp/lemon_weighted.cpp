// Peer: LEMON's MaxWeightedMatching (maximum weight, any cardinality) or,
// with --perfect, MaxWeightedPerfectMatching on the negated weights (a
// perfect matching of least total weight), on an undirected weighted graph
// "N M" + M lines "u v w" (integers; 0-based vertices).
//
// Usage: lemon_weighted [--perfect] GRAPH
// Stdout, last line: "X median_ms min_ms reps" (X the number of pairs);
// stderr: "weight W", the total weight of the pairs. Without a perfect
// matching (--perfect), one line on stderr and exit status 1.
// Timed: constructing the algorithm object and run(); the SmartGraph and
// its weight map are built before timing.
#include <lemon/matching.h>
#include <lemon/smart_graph.h>

#include <cstring>
#include <memory>

#include "common.hpp"

namespace {

// "N M" + M lines "u v w", w a signed integer.
struct Weighted {
    int N = 0;
    long long M = 0;
    std::vector<int> eu, ev;
    std::vector<long long> w;
};

long long next_signed(bench::Scanner& s, bool& ok) {
    while (*s.p && *s.p != '-' && (*s.p < '0' || *s.p > '9')) ++s.p;
    bool neg = *s.p == '-';
    if (neg) ++s.p;
    long long x = s.next();
    ok = x >= 0;
    return neg ? -x : x;
}

bool read_weighted(const char* path, Weighted& g) {
    bench::Scanner s(path);
    if (!s.ok) return false;
    long long N = s.next(), M = s.next();
    if (N < 0 || M < 0) { std::fprintf(stderr, "%s: bad header\n", path); return false; }
    g.N = static_cast<int>(N);
    g.M = M;
    g.eu.resize(M); g.ev.resize(M); g.w.resize(M);
    for (long long i = 0; i < M; ++i) {
        long long u = s.next(), v = s.next();
        bool ok = false;
        long long w = next_signed(s, ok);
        if (u < 0 || v < 0 || u >= N || v >= N || !ok) {
            std::fprintf(stderr, "%s: bad edge %lld\n", path, i);
            return false;
        }
        g.eu[i] = static_cast<int>(u); g.ev[i] = static_cast<int>(v); g.w[i] = w;
    }
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    bool perfect = argc == 3 && std::strcmp(argv[1], "--perfect") == 0;
    if (argc != 2 && !perfect) {
        std::fprintf(stderr, "usage: lemon_weighted [--perfect] GRAPH\n");
        return 2;
    }
    Weighted input;
    if (!read_weighted(argv[argc - 1], input)) return 2;
    using G = lemon::SmartGraph;
    G g;
    g.reserveNode(input.N);
    g.reserveEdge(static_cast<int>(input.M));
    std::vector<G::Node> nodes;
    nodes.reserve(input.N);
    for (int v = 0; v < input.N; ++v) nodes.push_back(g.addNode());
    G::EdgeMap<long long> weight(g);
    for (long long i = 0; i < input.M; ++i) {
        if (input.eu[i] == input.ev[i]) continue;  // a loop matches nothing
        G::Edge e = g.addEdge(nodes[input.eu[i]], nodes[input.ev[i]]);
        weight[e] = perfect ? -input.w[i] : input.w[i];
    }
    long long total = 0;
    int rc;
    if (perfect) {
        using Matching = lemon::MaxWeightedPerfectMatching<G, G::EdgeMap<long long>>;
        std::unique_ptr<Matching> mm;
        bool found = true;
        rc = bench::time_reps([&] { mm.reset(); },
                              [&] {
                                  mm.reset(new Matching(g, weight));
                                  found = mm->run();
                                  return found ? static_cast<long long>(input.N / 2) : -1LL;
                              });
        if (rc == 0 && !found) {
            std::fprintf(stderr, "no perfect matching\n");
            return 1;
        }
        if (rc == 0) total = -static_cast<long long>(mm->matchingWeight());
    } else {
        using Matching = lemon::MaxWeightedMatching<G, G::EdgeMap<long long>>;
        std::unique_ptr<Matching> mm;
        long long pairs = 0;
        rc = bench::time_reps([&] { mm.reset(); },
                              [&] {
                                  mm.reset(new Matching(g, weight));
                                  mm->run();
                                  pairs = mm->matchingSize();
                                  return pairs;
                              });
        if (rc == 0) total = static_cast<long long>(mm->matchingWeight());
    }
    if (rc) return rc;
    // The protocol line must stay last on stdout: the weight goes to stderr.
    std::fprintf(stderr, "weight %lld\n", total);
    return 0;
}
