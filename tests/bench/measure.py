"""Measurement and report: interleaved timing of probes, statistics, the PASS/FAIL table and
the JSON figures written to var/bench/ with the machine's description.

Part of the benchmark toolkit (tests/bench/bench_common.py re-exports it).
"""

from __future__ import annotations

import json
import math
import os
import platform
import statistics
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.bench.environment import ROOT, VAR, log

# ---------------------------------------------------------------- timing and statistics


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    index = max(0, math.ceil(fraction * len(ordered)) - 1)
    return ordered[index]


def summary(samples: list[float]) -> dict:
    return {
        "n": len(samples),
        "median_ms": round(statistics.median(samples), 3),
        "p99_ms": round(percentile(samples, 0.99), 3),
        "mean_ms": round(statistics.fmean(samples), 3),
        "min_ms": round(min(samples), 3),
    }


@dataclass
class Probe:
    """One measured request shape: `call(http)` sends it and returns the Reply (status checked)."""

    name: str
    call: object
    per_round: int
    samples: list[float] = field(default_factory=list)


def measure_interleaved(probes: list[Probe], *, rounds: int, warmup: int = 30) -> dict[str, list[float]]:
    """Run every probe `per_round` times per round, `rounds` rounds, in turn.

    Interleaving puts the baseline (ping) and the measured endpoints in the same time
    windows, so background load on the machine hits both alike and ratios stay fair.
    """
    for probe in probes:
        for _ in range(warmup):
            probe.call()
    for round_index in range(rounds):
        order = probes[round_index % len(probes) :] + probes[: round_index % len(probes)]
        for probe in order:
            for _ in range(probe.per_round):
                probe.samples.append(probe.call().ms)
    return {probe.name: probe.samples for probe in probes}


# ---------------------------------------------------------------- report


@dataclass
class Row:
    figure: str
    target: str
    measured: str
    passed: bool | None = None  # None: informative, no target


def print_table(title: str, rows: list[Row]) -> None:
    width_f = max(len(r.figure) for r in rows + [Row("Figure", "", "")])
    width_t = max(len(r.target) for r in rows + [Row("", "Target", "")])
    width_m = max(len(r.measured) for r in rows + [Row("", "", "Measured")])
    line = f"+-{'-' * width_f}-+-{'-' * width_t}-+-{'-' * width_m}-+------+"
    print()
    print(title)
    print(line)
    print(f"| {'Figure':<{width_f}} | {'Target':<{width_t}} | {'Measured':<{width_m}} | Pass |")
    print(line)
    for r in rows:
        verdict = "" if r.passed is None else ("PASS" if r.passed else "FAIL")
        print(f"| {r.figure:<{width_f}} | {r.target:<{width_t}} | {r.measured:<{width_m}} | {verdict:<4} |")
    print(line, flush=True)


def machine() -> dict:
    info = {
        "python": platform.python_version(),
        "cores": os.cpu_count(),
        "platform": platform.platform(),
    }
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                info["cpu"] = line.split(":", 1)[1].strip()
                break
        mem = Path("/proc/meminfo").read_text().splitlines()[0].split()[1]
        info["memory_gb"] = round(int(mem) / 1024 / 1024, 1)
    except OSError:
        pass
    info["loadavg"] = os.getloadavg()
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
        changed = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        info["git_commit"] = commit.stdout.strip()
        info["uncommitted_files"] = [line[3:] for line in changed.stdout.splitlines()]
    except OSError:
        pass
    return info


def save(name: str, data: dict) -> Path:
    VAR.mkdir(parents=True, exist_ok=True)
    path = VAR / f"{name}.json"
    data = {"measured_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "machine": machine(), **data}
    path.write_text(json.dumps(data, indent=2, default=str))
    log(f"Figures written to {path.relative_to(ROOT)}")
    return path


def ratio(a: float, b: float) -> float:
    return a / b if b else float("inf")


def fmt_ms(value: float) -> str:
    return f"{value:.2f} ms"
