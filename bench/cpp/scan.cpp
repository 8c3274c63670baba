// The floor: one sequential pass over the CSR arrays, the way a matcher walks
// them (offsets, then each neighbour id), summing the ids. Not a matcher: the
// bipartite tables express times in passes of this.
//
// Usage: scan GRAPH. Stdout: "checksum median_ms min_ms reps".
#include "common.hpp"

int main(int argc, char** argv) {
    if (argc != 2) { std::fprintf(stderr, "usage: scan GRAPH\n"); return 1; }
    bench::Bipartite g;
    if (!bench::read_bipartite(argv[1], g)) return 1;
    volatile long long sink = 0;
    return bench::time_reps([] {}, [&] {
        const int64_t* off = g.off.data();
        const int* adj = g.adj.data();
        long long sum = 0;
        for (int u = 0; u < g.L; ++u)
            for (int64_t e = off[u]; e < off[u + 1]; ++e) sum += adj[e];
        sink = sum;
        return 0LL;
    });
}
