"""Oracle driver for __tests__/oracle/changePoints.oracle.test.ts: apache-otava's change points.

Reads JSON from stdin: {"cases": [{"series": [...], "windowLength": int, "maxPValue": float,
"minMagnitude": float}, ...]} and writes to stdout {"results": [{"changePoints": [...],
"weakChangePoints": [...], "firstCandidate": {"index", "qhat"}}, ...]}, each change point as
{"index", "pValue", "qhat", "meanBefore", "sdBefore", "nBefore", "meanAfter", "sdAfter", "nAfter",
"forwardChange", "magnitude"}. Floats are written with repr (round-trip); NaN as null.
Needs `pip install apache-otava` (0.8.0 checked). Exit status 3 when otava is not importable.
"""
import json
import math
import sys

try:
    import numpy as np
    from otava.analysis import compute_change_points, split
    from otava.change_point_divisive.calculator import PairDistanceCalculator
except ImportError as e:  # pragma: no cover - reported by the test as the skip reason
    print(f"apache-otava is not importable: {e}", file=sys.stderr)
    sys.exit(3)


def num(x):
    x = float(x)
    return None if math.isnan(x) else x


def points(cps):
    out = []
    for cp in cps:
        s = cp.stats
        out.append({
            "index": int(cp.index),
            "pValue": num(s.pvalue),
            "qhat": num(cp.qhat),
            "meanBefore": num(s.mean_1),
            "sdBefore": num(s.std_1),
            "meanAfter": num(s.mean_2),
            "sdAfter": num(s.std_2),
            "forwardChange": num(s.forward_rel_change()),
            "magnitude": num(s.change_magnitude()),
        })
    return out


def run(case):
    series = [float(v) for v in case["series"]]
    window_len = int(case["windowLength"])
    max_pvalue = float(case["maxPValue"])
    cps, _ = compute_change_points(
        list(series),
        window_len=window_len,
        max_pvalue=max_pvalue,
        min_magnitude=float(case.get("minMagnitude", 0.0)),
    )
    # compute_change_points returns its weak list after merge() deleted from it in place, so the weak
    # change points are taken from split() itself, with compute_change_points' first-pass threshold.
    first_pass = max_pvalue * 10 if max_pvalue < 0.05 else (max_pvalue * 2 if max_pvalue < 0.5 else max_pvalue)
    weak = split(list(series), window_len, first_pass)
    first = None
    if len(series) >= 2:
        c = PairDistanceCalculator(np.array(series, dtype=np.float64)).get_candidate_change_point(slice(0, None))
        first = {"index": int(c.index), "qhat": num(c.qhat)}
    return {"changePoints": points(cps), "weakChangePoints": points(weak), "firstCandidate": first}


def main():
    cases = json.load(sys.stdin)["cases"]
    json.dump({"results": [run(c) for c in cases]}, sys.stdout)


if __name__ == "__main__":
    main()
