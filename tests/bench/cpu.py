"""Where the CPU went: CPU seconds per process group from /proc (`CpuMeter`, `cpu_note`) and
py-spy sampling of the server under load (`start_py_spy`, `summarize_py_spy`).

Part of the benchmark toolkit (tests/bench/bench_common.py re-exports it).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from tests.bench.environment import ROOT, VAR, log

# ---------------------------------------------------------------- where the CPU went


def _process_cpu() -> dict[int, tuple[str, float, int]]:
    """pid -> (command, CPU seconds so far, parent pid), from /proc."""
    ticks = os.sysconf("SC_CLK_TCK")
    found = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            raw = Path(f"/proc/{entry.name}/stat").read_text()
        except OSError:
            continue
        command = raw[raw.index("(") + 1 : raw.rindex(")")]
        fields = raw[raw.rindex(")") + 2 :].split()
        found[int(entry.name)] = (
            command,
            (int(fields[11]) + int(fields[12])) / ticks,
            int(fields[1]),
        )
    return found


class CpuMeter:
    """CPU seconds spent by the server(s) (gunicorn masters and workers), PostgreSQL, this
    client process and everything else on the machine between start() and stop()."""

    def __init__(self, *server_pids: int):
        self.server_pids = set(server_pids)

    def _group(self, snapshot) -> dict[str, float]:
        groups = {"gunicorn": 0.0, "postgres": 0.0, "bench client": 0.0, "other processes": 0.0}
        for pid, (command, seconds, parent) in snapshot.items():
            if pid in self.server_pids or parent in self.server_pids:
                groups["gunicorn"] += seconds
            elif command.startswith("postgres"):
                groups["postgres"] += seconds
            elif pid == os.getpid():
                groups["bench client"] += seconds
            else:
                groups["other processes"] += seconds
        return groups

    def start(self) -> None:
        self.before = _process_cpu()
        self.started = time.perf_counter()

    def stop(self) -> dict:
        after = _process_cpu()
        wall = time.perf_counter() - self.started
        # A process born in between counts whole (e.g. a PostgreSQL backend a new thread's first
        # connection forked); one that ended in between is lost, so these are lower bounds.
        delta = {}
        for pid, (command, seconds, parent) in after.items():
            earlier = self.before.get(pid)
            if earlier is not None and earlier[0] != command:
                earlier = None  # a recycled pid
            delta[pid] = (command, seconds - (earlier[1] if earlier else 0.0), parent)
        groups = self._group(delta)
        return {
            "wall_s": round(wall, 2),
            **{k: round(v, 2) for k, v in groups.items()},
            "machine_capacity_s": round(wall * (os.cpu_count() or 1), 2),
        }


# ---------------------------------------------------------------- sampling the server under load


def start_py_spy(server_pid: int, seconds: float, name: str):
    """py-spy record of the gunicorn master and workers (only when py-spy is installed next to
    this Python: pip install py-spy, a developer tool, not a project dependency)."""
    spy = Path(sys.executable).with_name("py-spy")
    if not spy.exists():
        log("py-spy is not installed: no sampling (pip install py-spy)")
        return None
    out = VAR / f"{name}.pyspy.txt"
    # --gil: only samples of threads holding the GIL, i.e. Python code running on a CPU (not
    # threads waiting for PostgreSQL, a lock or the network).
    command = [
        str(spy),
        "record",
        "--pid",
        str(server_pid),
        "--subprocesses",
        "--format",
        "raw",
        "--gil",
        "--rate",
        "250",
        "--nonblocking",
        "--duration",
        str(max(1, int(seconds))),
        "--output",
        str(out),
    ]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return process, out


def _frame(frame: str) -> str:
    """`func (path/to/file.py:123)` -> `func (path/to/file.py)`: lines of one function add up."""
    name, sep, where = frame.rpartition(" (")
    if not sep or not where.endswith(")"):
        return frame
    return f"{name} ({where[:-1].rsplit(':', 1)[0]})"


def summarize_py_spy(handle, top: int = 25, prefixes: tuple[str, ...] = ()) -> dict | None:
    """Own time of the leaf functions and inclusive time of the project's functions, in % of the
    samples (each one a thread running Python code)."""
    if handle is None:
        return None
    process, out = handle
    process.wait(timeout=120)
    if not out.exists():
        return None
    own: dict[str, int] = {}
    inclusive: dict[str, int] = {}
    total = 0
    for line in out.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        if not stack:
            continue
        n = int(count)
        total += n
        frames = [_frame(frame) for frame in stack.split(";") if not frame.startswith(("process ", "thread "))]
        if not frames:
            continue
        own[frames[-1]] = own.get(frames[-1], 0) + n
        for f in set(frames):
            if not prefixes or any(p in f for p in prefixes):
                inclusive[f] = inclusive.get(f, 0) + n
    if not total:
        return None

    def ranked(counts):
        return [(f, round(100 * c / total, 1)) for f, c in sorted(counts.items(), key=lambda i: -i[1])[:top]]

    return {
        "samples": total,
        "file": str(out.relative_to(ROOT)),
        "self": ranked(own),
        "inclusive": ranked(inclusive),
    }


def cpu_note(cpu: dict) -> str:
    return (
        f"CPU during the measurement: {cpu['wall_s']}s wall x {os.cpu_count()} cores; gunicorn {cpu['gunicorn']}s, "
        f"postgres {cpu['postgres']}s, bench client {cpu['bench client']}s, "
        f"other processes (background load) {cpu['other processes']}s"
    )
