"""Oracle driver for the change-point checks (__tests__/oracle/changePoints.oracle.test.ts, live, and
scripts/python/golden-change-points.py, the committed fixture): MongoDB's signal-processing-algorithms
(energy_statistics, 2.1.6 checked) on whole series.

Reads JSON from stdin {"cases": [{"series": [...], "eDivisive": {"pvalue", "permutations", "seed"}?}, ...]}
and writes {"results": [{"index", "t", "changePoints"?}, ...]}: the argmax τ of `_calculate_t_stats` over
the series' distance matrix (the split into series[:τ] and series[τ:] that e_divisive tests first) and
its statistic; with "eDivisive", also the change points of its full `e_divisive` (permutation test,
numpy's global generator seeded with "seed" first, so a run is reproducible), in the order found.
Exit status 3 when the package is missing.
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
    out = {"index": i, "t": float(stats[i])}
    full = case.get("eDivisive")
    if full is not None:
        np.random.seed(int(full["seed"]))
        cps = es.e_divisive([float(v) for v in case["series"]], pvalue=float(full["pvalue"]),
                            permutations=int(full["permutations"]))
        out["changePoints"] = [int(c) for c in cps]
    return out


def main():
    cases = json.load(sys.stdin)["cases"]
    json.dump({"results": [run(c) for c in cases]}, sys.stdout)


if __name__ == "__main__":
    main()
