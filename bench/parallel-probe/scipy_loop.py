# SciPy linear_sum_assignment looping over the matrices parallel-probe dumps:
# python scipy_loop.py FILE N PROBLEMS REPS (bench/notes/parallel.md).
import sys, time, numpy as np
from scipy.optimize import linear_sum_assignment
n, count = int(sys.argv[2]), int(sys.argv[3])
a = np.fromfile(sys.argv[1], dtype='<f8').reshape(count, n, n)
times = []; cpus = []
for rep in range(int(sys.argv[4])):
    t = time.perf_counter(); c0 = time.process_time()
    tot = 0.0
    for k in range(count):
        r, c = linear_sum_assignment(a[k])
        tot += a[k][r, c].sum()
    times.append((time.perf_counter() - t) * 1e3); cpus.append((time.process_time() - c0) * 1e3)
times.sort()
print(f"scipy n={n} problems={count} median_ms={times[len(times)//2]:.1f} min_ms={times[0]:.1f} cpu_ms_median={sorted(cpus)[len(cpus)//2]:.0f} sum={tot:.6f}")
