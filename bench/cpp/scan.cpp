// The floor: one sequential pass over the CSR arrays, the way a matcher walks
// them (offsets, then each neighbour id), summing the ids. Not a matcher: the
// bipartite tables express times in passes of this.
//
// Usage: scan GRAPH            bipartite "L R M" + "u v" lines
//        scan --general GRAPH  undirected "N M" + "u v" lines, both directions stored
// Stdout: "0 median_ms min_ms reps".
#include "common.hpp"

int main(int argc, char** argv) {
    bool general = argc == 3 && std::string(argv[1]) == "--general";
    if (argc != 2 && !general) { std::fprintf(stderr, "usage: scan [--general] GRAPH\n"); return 1; }
    bench::Bipartite g;
    if (general) {
        // An undirected graph as a "bipartite" CSR of N rows holding both directions.
        bench::General h;
        if (!bench::read_general(argv[2], h)) return 1;
        g.L = g.R = h.N;
        g.M = 2 * h.M;
        g.off.assign(h.N + 1, 0);
        for (long long i = 0; i < h.M; ++i) { ++g.off[h.eu[i] + 1]; ++g.off[h.ev[i] + 1]; }
        for (int v = 0; v < h.N; ++v) g.off[v + 1] += g.off[v];
        g.adj.resize(g.M);
        std::vector<int64_t> at(g.off.begin(), g.off.end() - 1);
        for (long long i = 0; i < h.M; ++i) { g.adj[at[h.eu[i]]++] = h.ev[i]; g.adj[at[h.ev[i]]++] = h.eu[i]; }
    } else if (!bench::read_bipartite(argv[1], g)) {
        return 1;
    }
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
