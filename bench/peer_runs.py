"""The figures of a compare_peers.sh run (bench/draw, bench/legacy): the Google Benchmark JSON
files `<repeat>.<case>.<driver>.json` in one directory, read into medians and per-repeat ratios."""
import json
import os
import statistics


def load(out, repeats, cases, drivers):
    """(case, driver) -> one counter dict per repeat (None: the run failed or reported an error)."""
    runs = {}
    for rep in range(1, repeats + 1):
        for c in cases:
            for d in drivers:
                value = None
                try:
                    with open(os.path.join(out, "%d.%s.%s.json" % (rep, c, d))) as f:
                        b = json.load(f)["benchmarks"][0]
                    if not b.get("error_occurred"):
                        value = b
                except (OSError, ValueError, IndexError, KeyError):
                    pass
                runs.setdefault((c, d), []).append(value)
    return runs


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def figure(runs, run, key):
    """The median of `key` over the repeats of `run` (a (case, driver) pair)."""
    return median([b[key] if b else None for b in runs[run]])


def ratio(runs, a, b, key, inverse=False):
    """Run a over run b (b over a when `inverse`: for times), per repeat, then the median."""
    return median([(y[key] / x[key] if inverse else x[key] / y[key]) for x, y in zip(runs[a], runs[b]) if x and y])


def fmt(v, spec):
    return format(v, spec) if v is not None else "n/a"
