// Helpers shared by the C/C++ runners of the benchmark harness: a fast
// integer reader for the edge-list files, CSR building, and the timing loop.
//
// Every runner prints, as its last stdout line, "size median_ms min_ms reps"
// and times only the solve (never reading or building the input).
// Repetitions follow the environment, as the crate's examples do:
//   PEERS_REPS (at least this many, default 5), PEERS_MIN_MS (go on until
//   this many ms are spent, default 1000), PEERS_MAX_REPS (at most, 101),
//   PEERS_BUDGET_MS (stop once this many ms are spent, default 15000).
#pragma once
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace bench {

inline long env_long(const char* name, long fallback) {
    const char* s = std::getenv(name);
    if (!s || !*s) return fallback;
    char* end = nullptr;
    long v = std::strtol(s, &end, 10);
    return (end && *end == 0) ? v : fallback;
}

// The whole file in memory, NUL-terminated; numbers are read from it.
struct Scanner {
    std::vector<char> buf;
    const char* p = nullptr;
    bool ok = false;
    explicit Scanner(const char* path) {
        FILE* f = std::fopen(path, "rb");
        if (!f) { std::perror(path); return; }
        std::fseek(f, 0, SEEK_END);
        long size = std::ftell(f);
        std::fseek(f, 0, SEEK_SET);
        buf.resize(static_cast<size_t>(size) + 1);
        size_t got = std::fread(buf.data(), 1, static_cast<size_t>(size), f);
        std::fclose(f);
        buf[got] = 0;
        p = buf.data();
        ok = got == static_cast<size_t>(size);
    }
    // Next unsigned integer; -1 at the end of the input.
    long long next() {
        while (*p && (*p < '0' || *p > '9')) ++p;
        if (!*p) return -1;
        long long x = 0;
        while (*p >= '0' && *p <= '9') x = x * 10 + (*p++ - '0');
        return x;
    }
};

// Bipartite graph "L R M" + M lines "u v", left -> right adjacency in file order.
struct Bipartite {
    int L = 0, R = 0;
    long long M = 0;
    std::vector<int64_t> off;  // L + 1
    std::vector<int> adj;      // M right ids
};

// Undirected graph "N M" + M lines "u v"; both directions stored.
struct General {
    int N = 0;
    long long M = 0;
    std::vector<int> eu, ev;  // the edges as read
};

inline bool read_bipartite(const char* path, Bipartite& g) {
    Scanner s(path);
    if (!s.ok) return false;
    long long L = s.next(), R = s.next(), M = s.next();
    if (L < 0 || R < 0 || M < 0) { std::fprintf(stderr, "%s: bad header\n", path); return false; }
    g.L = static_cast<int>(L); g.R = static_cast<int>(R); g.M = M;
    std::vector<int> eu(M), ev(M);
    for (long long i = 0; i < M; ++i) {
        long long u = s.next(), v = s.next();
        if (u < 0 || v < 0 || u >= L || v >= R) {
            std::fprintf(stderr, "%s: bad edge %lld\n", path, i);
            return false;
        }
        eu[i] = static_cast<int>(u); ev[i] = static_cast<int>(v);
    }
    g.off.assign(g.L + 1, 0);
    for (long long i = 0; i < M; ++i) ++g.off[eu[i] + 1];
    for (int u = 0; u < g.L; ++u) g.off[u + 1] += g.off[u];
    g.adj.resize(M);
    std::vector<int64_t> at(g.off.begin(), g.off.end() - 1);
    for (long long i = 0; i < M; ++i) g.adj[at[eu[i]]++] = ev[i];
    return true;
}

inline bool read_general(const char* path, General& g) {
    Scanner s(path);
    if (!s.ok) return false;
    long long N = s.next(), M = s.next();
    if (N < 0 || M < 0) { std::fprintf(stderr, "%s: bad header\n", path); return false; }
    g.N = static_cast<int>(N); g.M = M;
    g.eu.resize(M); g.ev.resize(M);
    for (long long i = 0; i < M; ++i) {
        long long u = s.next(), v = s.next();
        if (u < 0 || v < 0 || u >= N || v >= N) {
            std::fprintf(stderr, "%s: bad edge %lld\n", path, i);
            return false;
        }
        g.eu[i] = static_cast<int>(u); g.ev[i] = static_cast<int>(v);
    }
    return true;
}

inline double now_ms() {
    using clock = std::chrono::steady_clock;
    return std::chrono::duration<double, std::milli>(clock::now().time_since_epoch()).count();
}

// Calls prepare() untimed, then solve() timed, repeatedly by the rules above.
// solve() returns the size; a size that changes between repetitions is an
// error (exit status 3). Prints the protocol line; returns the exit status.
template <class Prepare, class Solve>
int time_reps(Prepare prepare, Solve solve) {
    const long min_reps = std::max(1L, env_long("PEERS_REPS", 5));
    const double min_ms = static_cast<double>(env_long("PEERS_MIN_MS", 1000));
    const long max_reps = std::max(1L, env_long("PEERS_MAX_REPS", 101));
    const double budget = static_cast<double>(env_long("PEERS_BUDGET_MS", 15000));
    std::vector<double> times;
    double total = 0;
    long long size = -1;
    for (;;) {
        prepare();
        double t0 = now_ms();
        long long s = solve();
        double dt = now_ms() - t0;
        if (size >= 0 && s != size) {
            std::fprintf(stderr, "size changed between repetitions: %lld then %lld\n", size, s);
            return 3;
        }
        size = s;
        times.push_back(dt);
        total += dt;
        long n = static_cast<long>(times.size());
        if ((n >= min_reps && total >= min_ms) || n >= max_reps || total >= budget) break;
    }
    std::sort(times.begin(), times.end());
    std::printf("%lld %.3f %.3f %zu\n", size, times[times.size() / 2], times[0], times.size());
    std::fflush(stdout);
    return 0;
}

}  // namespace bench
