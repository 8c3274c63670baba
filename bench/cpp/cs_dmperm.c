/* Peer: CSparse's Dulmage–Mendelsohn decomposition, cs_dmperm (CXSparse,
 * int version), on a Matrix Market coordinate file (pattern, real, integer or
 * complex; general, symmetric, skew-symmetric or hermitian: the mirrored
 * entries are added). Rows are the left side, as in the crate's reader.
 *
 * Usage: cs_dmperm MATRIX.mtx
 * Stdout: one line "dm rank R horizontal A B freecols C square D E vertical
 * F G freerows H blocks K" (the coarse parts as the crate's dmperm example
 * prints them; K = fine square blocks), then "rank median_ms min_ms reps".
 * Timed: cs_dmperm(A, 0) alone (its own matching included), on the matrix
 * already compressed. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <suitesparse/cs.h>

static long env_long(const char *name, long fallback) {
    const char *s = getenv(name);
    char *end;
    long v;
    if (!s || !*s) return fallback;
    v = strtol(s, &end, 10);
    return *end ? fallback : v;
}

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void lower(char *s) {
    for (; *s; ++s) *s = (char)tolower((unsigned char)*s);
}

/* Reads the file into a compressed-column pattern matrix (values set to 1). */
static cs *read_mm(const char *path) {
    FILE *f = fopen(path, "r");
    char line[4096], obj[64] = "", fmt[64] = "", field[64] = "", sym[64] = "";
    long rows, cols, nnz, k;
    int mirror;
    cs *T, *A;
    if (!f) { perror(path); return NULL; }
    if (!fgets(line, sizeof line, f) || strncmp(line, "%%MatrixMarket", 14) != 0) {
        fprintf(stderr, "%s: not a Matrix Market file\n", path);
        fclose(f);
        return NULL;
    }
    sscanf(line + 14, "%63s %63s %63s %63s", obj, fmt, field, sym);
    lower(fmt); lower(field); lower(sym);
    if (strcmp(fmt, "coordinate") != 0) {
        fprintf(stderr, "%s: only the coordinate format is read\n", path);
        fclose(f);
        return NULL;
    }
    do {
        if (!fgets(line, sizeof line, f)) { fprintf(stderr, "%s: no size line\n", path); fclose(f); return NULL; }
    } while (line[0] == '%' || line[strspn(line, " \t\r\n")] == 0);
    if (sscanf(line, "%ld %ld %ld", &rows, &cols, &nnz) != 3) {
        fprintf(stderr, "%s: bad size line\n", path);
        fclose(f);
        return NULL;
    }
    mirror = strcmp(sym, "general") != 0;
    T = cs_spalloc((CS_INT)rows, (CS_INT)cols, (CS_INT)(mirror ? 2 * nnz : nnz), 1, 1);
    for (k = 0; k < nnz; ++k) {
        long i, j;
        if (fscanf(f, "%ld %ld", &i, &j) != 2) {
            fprintf(stderr, "%s: entry %ld unreadable\n", path, k + 1);
            fclose(f);
            return NULL;
        }
        /* skip the rest of the line (values) */
        { int c; while ((c = fgetc(f)) != '\n' && c != EOF) {} }
        if (i < 1 || j < 1 || i > rows || j > cols) {
            fprintf(stderr, "%s: entry %ld out of range\n", path, k + 1);
            fclose(f);
            return NULL;
        }
        cs_entry(T, (CS_INT)(i - 1), (CS_INT)(j - 1), 1.0);
        if (mirror && i != j) cs_entry(T, (CS_INT)(j - 1), (CS_INT)(i - 1), 1.0);
    }
    fclose(f);
    A = cs_compress(T);
    cs_spfree(T);
    if (A) cs_dupl(A);
    return A;
}

int main(int argc, char **argv) {
    cs *A;
    csd *D = NULL;
    long min_reps, max_reps, n = 0, cap;
    double min_ms, budget, total = 0, *times;
    CS_INT m, rank, square_blocks;
    if (argc != 2) { fprintf(stderr, "usage: cs_dmperm MATRIX.mtx\n"); return 1; }
    A = read_mm(argv[1]);
    if (!A) return 1;
    min_reps = env_long("PEERS_REPS", 5); if (min_reps < 1) min_reps = 1;
    min_ms = (double)env_long("PEERS_MIN_MS", 1000);
    max_reps = env_long("PEERS_MAX_REPS", 101); if (max_reps < 1) max_reps = 1;
    budget = (double)env_long("PEERS_BUDGET_MS", 15000);
    cap = max_reps;
    times = malloc(sizeof(double) * (size_t)cap);
    for (;;) {
        double t0, dt;
        if (D) cs_dfree(D);
        t0 = now_ms();
        D = cs_dmperm(A, 0);
        dt = now_ms() - t0;
        if (!D) { fprintf(stderr, "cs_dmperm failed (out of memory)\n"); return 1; }
        times[n++] = dt;
        total += dt;
        if ((n >= min_reps && total >= min_ms) || n >= max_reps || total >= budget) break;
    }
    qsort(times, (size_t)n, sizeof(double), cmp_double);
    m = A->m;
    rank = D->rr[3];
    square_blocks = D->nb - (D->cc[2] > 0) - (D->rr[2] < m);
    printf("dm rank %ld horizontal %ld %ld freecols %ld square %ld %ld vertical %ld %ld freerows %ld blocks %ld\n",
           (long)rank, (long)(D->rr[1] - D->rr[0]), (long)(D->cc[2] - D->cc[0]), (long)(D->cc[1] - D->cc[0]),
           (long)(D->rr[2] - D->rr[1]), (long)(D->cc[3] - D->cc[2]), (long)(D->rr[4] - D->rr[2]),
           (long)(D->cc[4] - D->cc[3]), (long)(D->rr[4] - D->rr[3]), (long)square_blocks);
    printf("%ld %.3f %.3f %ld\n", (long)rank, times[n / 2], times[0], n);
    cs_dfree(D);
    cs_spfree(A);
    free(times);
    return 0;
}
