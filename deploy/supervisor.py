"""supervisord's configuration for the cluster: one `[program:x]` per part, restarted when it exits."""

from __future__ import annotations

import os
import shlex
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Program:
    name: str
    command: list[str]
    env: dict = field(default_factory=dict)
    user: str | None = None
    stopsignal: str = "TERM"

    def section(self, logs: Path, root: Path) -> str:
        lines = [
            f"[program:{self.name}]",
            f"command={_quoted_percent(shlex.join(self.command))}",
            f"directory={root}",
            "autostart=false",  # the launcher starts the parts in order (the database first)
            "autorestart=true",
            "startsecs=1",
            "startretries=100",
            f"stopsignal={self.stopsignal}",
            "stopwaitsecs=20",
            "stopasgroup=true",
            "killasgroup=true",
            "redirect_stderr=true",
            f"stdout_logfile={logs / (self.name + '.log')}",
            "stdout_logfile_maxbytes=20MB",
            "stdout_logfile_backups=2",
        ]
        if self.user:
            lines.append(f"user={self.user}")
        if self.env:
            pairs = ",".join(f'{key}="{_quoted(value)}"' for key, value in sorted(self.env.items()) if _plain(key))
            lines.append(f"environment={pairs}")
        return "\n".join(lines)


def _plain(key: str) -> bool:
    return key.replace("_", "").isalnum()


def _quoted_percent(value: str) -> str:
    # supervisord expands %(...)s in values: a literal % is written %%.
    return str(value).replace("%", "%%")


def _quoted(value: str) -> str:
    return _quoted_percent(value).replace('"', '\\"')


def supervisord_conf(directory: Path, programs: list[Program]) -> str:
    root = Path(__file__).resolve().parents[1]
    head = f"""; Written by deploy/cluster.py on every start.
[supervisord]
logfile={directory / "logs" / "supervisord.log"}
pidfile={directory / "supervisord.pid"}
childlogdir={directory / "logs"}
nodaemon=true
loglevel=warn
{"user=root" if os.geteuid() == 0 else ""}

[unix_http_server]
file={directory / "supervisor.sock"}

[rpcinterface:supervisor]
supervisor.rpcinterface_factory = supervisor.rpcinterface:make_main_rpcinterface

[supervisorctl]
serverurl=unix://{directory / "supervisor.sock"}
"""
    return head + "\n" + "\n\n".join(program.section(directory / "logs", root) for program in programs) + "\n"
