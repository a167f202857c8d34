"""`make cluster`'s launcher killed with SIGKILL (no chance to stop anything) still leaves no part
running: supervisord is started with Linux's parent-death signal (deploy/cluster.py), and SIGTERM
stops supervisord with its programs. Tried here on a process of the same kind, without a cluster."""

import os
import signal
import subprocess
import sys
import textwrap
import time

from deploy.cluster import ROOT

LAUNCHER = textwrap.dedent(
    """
    import subprocess, sys, time
    sys.path.insert(0, sys.argv[1])
    from deploy.cluster import _stop_with_launcher
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"],
                             start_new_session=True, preexec_fn=_stop_with_launcher)
    print(child.pid, flush=True)
    time.sleep(120)
    """
)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as stat:  # a zombie waiting for its reaper counts as gone
        return stat.read().split(") ")[1][0] != "Z"


def test_a_part_started_by_the_launcher_stops_when_the_launcher_is_killed():
    launcher = subprocess.Popen([sys.executable, "-c", LAUNCHER, str(ROOT)], stdout=subprocess.PIPE, text=True)
    child = int(launcher.stdout.readline())
    try:
        assert alive(child)
        launcher.send_signal(signal.SIGKILL)
        launcher.wait(10)
        deadline = time.monotonic() + 10
        while alive(child) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not alive(child), "the child outlived its launcher"
    finally:
        if alive(child):
            os.kill(child, signal.SIGKILL)
