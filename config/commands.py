"""The base of the support commands (`manage.py staff`, `booking`, ...): each subcommand calls the
same service the back office calls, prints the result as JSON on stdout, and on a refusal prints
the service's message (and its code) on stderr and exits 1.

A change that only warnings stand against (the online rules staff confirm, code
`warnings_to_confirm`) is not made: the command prints `{"warnings": [codes]}` on stdout, the
warnings' words on stderr, and exits 3 (run it again with `--confirm-warnings` to go ahead). A
restaurant busy past the lock's wait (`lock_timeout`) exits 75: nothing was done, run it again.
"""

import json
from collections.abc import Callable
from dataclasses import dataclass

from django.core.management.base import BaseCommand, CommandError

from config.exceptions import DomainError, LockTimeout

WARNINGS_EXIT = 3
# Another write of the restaurant held its lock too long: nothing was done; run it again (sysexits'
# EX_TEMPFAIL, which retrying scripts know).
BUSY_EXIT = 75


@dataclass(frozen=True)
class Subcommand:
    """A subcommand of an app above the command's own (holds' `booking release-hold`), handed over
    at the app's start-up (its AppConfig.ready: `hand_over`), so that the command never imports it."""

    name: str
    help: str
    add_arguments: Callable  # (parser)
    run: Callable  # (**options) -> what is printed


_handed_over: dict[str, dict[str, Subcommand]] = {}  # by command name


def hand_over(command: str, subcommand: Subcommand) -> None:
    _handed_over.setdefault(command, {})[subcommand.name] = subcommand


class SupportCommand(BaseCommand):
    def add_arguments(self, parser):
        self.subcommands = parser.add_subparsers(dest="subcommand", required=True, metavar="subcommand")
        self.add_subcommands(self.subcommands)

    def add_subcommands(self, subparsers) -> None:
        raise NotImplementedError

    @property
    def handed_over(self) -> dict[str, Subcommand]:
        return _handed_over.get(type(self).__module__.rpartition(".")[2], {})

    def add_handed_over(self, subparsers) -> None:
        """The subcommands handed over to this command (`hand_over`), here among its own."""
        for subcommand in self.handed_over.values():
            subcommand.add_arguments(subparsers.add_parser(subcommand.name, help=subcommand.help))

    def handle(self, *args, subcommand: str, **options):
        handed = self.handed_over.get(subcommand)
        handler = handed.run if handed is not None else getattr(self, "do_" + subcommand.replace("-", "_"))
        try:
            result = handler(**options)
        except LockTimeout as error:
            raise CommandError(
                "The restaurant is busy: another change held it too long. Nothing was done; run the command again.",
                returncode=BUSY_EXIT,
            ) from error
        except DomainError as error:
            warnings = error.details.get("warnings") if error.code == "warnings_to_confirm" else None
            if warnings:
                self.stdout.write(json.dumps({"warnings": [w["code"] for w in warnings]}, ensure_ascii=False))
                raise CommandError(error.message, returncode=WARNINGS_EXIT) from error
            raise CommandError(f"{error.message} ({error.code})", returncode=1) from error
        self.stdout.write(json.dumps(result, indent=2, ensure_ascii=False, default=str))
