"""The base of the support commands (`manage.py staff`, `booking`, ...): each subcommand calls the
same service the back office calls, prints the result as JSON on stdout, and on a refusal prints
the service's message on stderr and exits 1."""

import json

from django.core.management.base import BaseCommand, CommandError

from config.exceptions import DomainError


class SupportCommand(BaseCommand):
    def add_arguments(self, parser):
        self.subcommands = parser.add_subparsers(dest="subcommand", required=True, metavar="subcommand")
        self.add_subcommands(self.subcommands)

    def add_subcommands(self, subparsers) -> None:
        raise NotImplementedError

    def handle(self, *args, subcommand: str, **options):
        handler = getattr(self, "do_" + subcommand.replace("-", "_"))
        try:
            result = handler(**options)
        except DomainError as error:
            raise CommandError(error.message, returncode=1) from error
        self.stdout.write(json.dumps(result, indent=2, ensure_ascii=False, default=str))
