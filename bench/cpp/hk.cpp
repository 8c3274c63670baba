// Baseline: Hopcroft–Karp in plain C++ (breadth-first layers from the free
// left vertices, then a depth-first search with per-vertex edge pointers,
// written with an explicit stack), on a CSR built before timing.
//
// Usage: hk GRAPH  (format "L R M" + M lines "u v")
// Stdout: "size median_ms min_ms reps". Stderr: "phases=P certified=yes|NO".
// After timing, the matching is certified maximum by a König vertex cover of
// the same size; exit status 2 if it is not.
#include "common.hpp"

namespace {

struct HopcroftKarp {
    const bench::Bipartite& g;
    std::vector<int> mate_l, mate_r, dist, queue, stack;
    std::vector<int64_t> cur;
    int phases = 0;

    explicit HopcroftKarp(const bench::Bipartite& graph) : g(graph) {}

    // Layers of left vertices; true if some free right vertex is reachable.
    bool layers() {
        size_t head = 0, tail = 0;
        for (int u = 0; u < g.L; ++u) {
            if (mate_l[u] < 0) { dist[u] = 0; queue[tail++] = u; } else { dist[u] = -1; }
        }
        int found = -1;
        while (head < tail) {
            int u = queue[head++];
            if (found >= 0 && dist[u] >= found) break;
            for (int64_t e = g.off[u]; e < g.off[u + 1]; ++e) {
                int w = mate_r[g.adj[e]];
                if (w < 0) {
                    if (found < 0) found = dist[u] + 1;
                } else if (dist[w] < 0) {
                    dist[w] = dist[u] + 1;
                    queue[tail++] = w;
                }
            }
        }
        return found >= 0;
    }

    // One augmenting path from the free vertex `root` along the layers.
    bool augment_from(int root) {
        stack.clear();
        stack.push_back(root);
        while (!stack.empty()) {
            int u = stack.back();
            bool advanced = false;
            for (; cur[u] < g.off[u + 1]; ++cur[u]) {
                int v = g.adj[cur[u]];
                int w = mate_r[v];
                if (w < 0) {
                    // Flip the path: every stacked vertex takes the edge at its pointer.
                    for (int x : stack) {
                        int y = g.adj[cur[x]];
                        mate_l[x] = y;
                        mate_r[y] = x;
                        ++cur[x];
                    }
                    return true;
                }
                if (dist[w] == dist[u] + 1) {
                    stack.push_back(w);
                    advanced = true;
                    break;
                }
            }
            if (!advanced) {
                dist[u] = -1;  // a dead end for the rest of the phase
                stack.pop_back();
                if (!stack.empty()) ++cur[stack.back()];
            }
        }
        return false;
    }

    long long run() {
        mate_l.assign(g.L, -1);
        mate_r.assign(g.R, -1);
        dist.assign(g.L, -1);
        queue.assign(g.L, 0);
        cur.assign(g.L, 0);
        phases = 0;
        long long size = 0;
        while (layers()) {
            ++phases;
            for (int u = 0; u < g.L; ++u) cur[u] = g.off[u];
            for (int u = 0; u < g.L; ++u)
                if (mate_l[u] < 0 && dist[u] == 0 && augment_from(u)) ++size;
        }
        return size;
    }
};

// König: Z = vertices reached from free left vertices by alternating paths.
// If no free right vertex is reached, (L \ Z) ∪ (R ∩ Z) covers every edge and
// has |M| vertices, which proves M maximum.
bool certified(const bench::Bipartite& g, const HopcroftKarp& hk, long long size) {
    long long matched = 0;
    for (int u = 0; u < g.L; ++u) {
        int v = hk.mate_l[u];
        if (v < 0) continue;
        ++matched;
        if (hk.mate_r[v] != u) return false;
        bool edge = false;
        for (int64_t e = g.off[u]; e < g.off[u + 1]; ++e) edge |= g.adj[e] == v;
        if (!edge) return false;
    }
    if (matched != size) return false;
    std::vector<char> zl(g.L, 0), zr(g.R, 0);
    std::vector<int> todo;
    for (int u = 0; u < g.L; ++u)
        if (hk.mate_l[u] < 0) { zl[u] = 1; todo.push_back(u); }
    while (!todo.empty()) {
        int u = todo.back();
        todo.pop_back();
        for (int64_t e = g.off[u]; e < g.off[u + 1]; ++e) {
            int v = g.adj[e];
            if (zr[v]) continue;
            zr[v] = 1;
            int w = hk.mate_r[v];
            if (w < 0) return false;
            if (!zl[w]) { zl[w] = 1; todo.push_back(w); }
        }
    }
    long long cover = 0;
    for (int u = 0; u < g.L; ++u) cover += !zl[u];
    for (int v = 0; v < g.R; ++v) cover += zr[v];
    return cover == size;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) { std::fprintf(stderr, "usage: hk GRAPH\n"); return 1; }
    bench::Bipartite g;
    if (!bench::read_bipartite(argv[1], g)) return 1;
    HopcroftKarp hk(g);
    long long size = 0;
    int rc = bench::time_reps([] {}, [&] { return size = hk.run(); });
    if (rc) return rc;
    bool ok = certified(g, hk, size);
    std::fprintf(stderr, "phases=%d certified=%s\n", hk.phases, ok ? "yes" : "NO");
    return ok ? 0 : 2;
}
