"""Oracle driver for __tests__/oracle/changePoints.oracle.test.ts: the E-divisive candidate of MongoDB's
signal-processing-algorithms (energy_statistics, 2.1.6 checked) on whole series.

Reads JSON from stdin {"cases": [{"series": [...]}, ...]} and writes {"results": [{"index", "t"}, ...]}:
the argmax τ of `_calculate_t_stats` over the series' distance matrix (the split into series[:τ] and
series[τ:] that e_divisive tests first) and its statistic. Exit status 3 when the package is missing.
"""
import json
import sys

try:
    import numpy as np
    from signal_processing_algorithms.energy_statistics import energy_statistics as es
except ImportError as e:  # pragma: no cover - reported by the test as the skip reason
    print(f"signal-processing-algorithms is not importable: {e}", file=sys.stderr)
    sys.exit(3)


def run(case):
    series = es._get_valid_input([float(v) for v in case["series"]])
    stats = es._calculate_t_stats(es._get_distance_matrix(series))
    i = int(np.argmax(stats))
    return {"index": i, "t": float(stats[i])}


def main():
    cases = json.load(sys.stdin)["cases"]
    json.dump({"results": [run(c) for c in cases]}, sys.stdout)


if __name__ == "__main__":
    main()
