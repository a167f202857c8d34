"""python manage.py load_restaurant FILE|-  (see setup_file)."""

import json
import sys

from django.core.management.base import BaseCommand

from setup_file.errors import SetupFileInvalid
from setup_file.loader import load


class Command(BaseCommand):
    help = (
        "Create a restaurant from a setup file (YAML or JSON; '-' reads stdin). Prints the ids "
        "and API key secrets as one JSON object; on a bad file prints every problem and exits 1."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="path of the setup file, or - for standard input")

    def handle(self, *args, file: str, **options):
        try:
            if file == "-":
                text = sys.stdin.read()
            else:
                with open(file, encoding="utf-8") as handle:
                    text = handle.read()
        except (OSError, UnicodeDecodeError) as exc:
            self.stderr.write(f"document: cannot read {file}: {exc}")
            raise SystemExit(1) from exc
        try:
            result = load(text)
        except SetupFileInvalid as exc:
            for problem in exc.problems:
                self.stderr.write(problem)
            raise SystemExit(1) from exc
        self.stdout.write(json.dumps(result, indent=2, ensure_ascii=False))
