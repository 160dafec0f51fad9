"""Golden cases for the change-point port (src/stats/changePoints.ts, STATISTICS.md §11), computed by its
two Python references: apache-otava (compute_change_points: E-divisive means with Hunter's t-test, of which
the port is a translation) and MongoDB's signal-processing-algorithms (e_divisive: E-divisive means with a
permutation test). Read by __tests__/stats/changePoints.golden.test.ts (tolerances there).

Regenerate (from the repository root). The two packages cannot share one environment (otava 0.8.0 pins
numpy 2.2.0, signal-processing-algorithms 2.1.6 needs numpy < 2), so each runs in its own venv:
  python3 -m venv /tmp/otava && /tmp/otava/bin/pip install apache-otava
  python3 -m venv /tmp/spa && /tmp/spa/bin/pip install signal-processing-algorithms
  python3 scripts/python/golden-change-points.py --otava-python /tmp/otava/bin/python \
      --spa-python /tmp/spa/bin/python
This script itself needs only the standard library: it draws the series (random.Random per seed, so the
same seeds give the same series on any Python 3), runs the drivers __tests__/oracle/otava_change_points.py
and __tests__/oracle/spa_candidates.py (also used by the live test, __tests__/oracle/) under those
interpreters, and writes __tests__/golden/change-points/seed-<S>.json, one per seed:
  {"seed", "versions": {...}, "cases": [{"series", "planted": [{"at", "sigmas"}], "windowLength",
   "maxPValue", "minMagnitude", "otava": {"changePoints", "weakChangePoints", "firstCandidate"},
   "spa": {"index", "t", "changePoints", "pvalue", "permutations", "seed"}}]}
"""
import argparse
import json
import math
import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ORACLE = ROOT / "__tests__" / "oracle"
OUT = ROOT / "__tests__" / "golden" / "change-points"
SEEDS = range(1, 7)
CASES_PER_SEED = 12
SPA_PVALUE = 0.05
SPA_PERMUTATIONS = 199


def make_cases(seed):
    """Series of 20–300 points: a third pure noise, a third with one step, a third with two or three;
    steps of 2–10 noise SDs at any position (edges included); noise SD 0.2–3% of the level."""
    rnd = random.Random(seed)
    cases = []
    for c in range(CASES_PER_SEED):
        n = rnd.randint(20, 300)
        level = [1.0, 100.0, 1e6][c % 3] * (0.5 + rnd.random())
        sd = level * (0.002 + 0.028 * rnd.random())
        kind = c % 3
        steps = 0 if kind == 0 else (1 if kind == 1 else rnd.randint(2, 3))
        planted = sorted(
            ({"at": rnd.randint(1, n - 1), "sigmas": rnd.choice([-1, 1]) * (2 + 8 * rnd.random())}
             for _ in range(steps)),
            key=lambda p: p["at"],
        )
        quantize = c % 7 == 6  # ties: values on a grid of one SD
        series = []
        for i in range(n):
            mu = level + sum(p["sigmas"] * sd for p in planted if i >= p["at"])
            v = mu + rnd.gauss(0, sd)
            if quantize:
                v = round(v / sd) * sd
            series.append(float(f"{v:.9g}"))  # short in JSON; both oracles and the test read these values
        cases.append({
            "series": series,
            "planted": [{"at": p["at"], "sigmas": round(p["sigmas"], 3)} for p in planted],
            "windowLength": [50, 30, 200, 17][c % 4],
            "maxPValue": [0.001, 0.01, 0.05][(c // 3) % 3],
            "minMagnitude": 0.02 if c % 5 == 4 else 0.0,
        })
    return cases


def run_driver(python, script, cases):
    r = subprocess.run([python, str(ORACLE / script)], input=json.dumps({"cases": cases}),
                       capture_output=True, text=True, check=False)
    if r.returncode != 0:
        sys.exit(f"{script} under {python} failed ({r.returncode}): {r.stderr}")
    return json.loads(r.stdout)["results"]


def version(python, dist):
    code = f"import importlib.metadata as m; print(m.version({dist!r}))"
    return subprocess.run([python, "-c", code], capture_output=True, text=True, check=True).stdout.strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--otava-python", required=True)
    ap.add_argument("--spa-python", required=True)
    a = ap.parse_args()
    versions = {
        "apache-otava": version(a.otava_python, "apache-otava"),
        "numpy (otava)": version(a.otava_python, "numpy"),
        "scipy (otava)": version(a.otava_python, "scipy"),
        "signal-processing-algorithms": version(a.spa_python, "signal-processing-algorithms"),
        "numpy (spa)": version(a.spa_python, "numpy"),
    }
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("seed-*.json"):
        old.unlink()
    for seed in SEEDS:
        cases = make_cases(seed)
        otava = run_driver(a.otava_python, "otava_change_points.py", cases)
        spa_in = [{"series": c["series"],
                   "eDivisive": {"pvalue": SPA_PVALUE, "permutations": SPA_PERMUTATIONS, "seed": seed * 1000 + i}}
                  for i, c in enumerate(cases)]
        spa = run_driver(a.spa_python, "spa_candidates.py", spa_in)
        for i, c in enumerate(cases):
            c["otava"] = otava[i]
            c["spa"] = {**spa[i], **spa_in[i]["eDivisive"]}
        path = OUT / f"seed-{seed}.json"
        path.write_text(json.dumps({"seed": seed, "versions": versions, "cases": cases}) + "\n")
        print(f"{path.relative_to(ROOT)}: {len(cases)} series, "
              f"{sum(len(c['otava']['changePoints']) for c in cases)} otava change points, "
              f"{sum(len(c['spa']['changePoints']) for c in cases)} e_divisive change points")


if __name__ == "__main__":
    main()
