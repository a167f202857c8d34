"""Arguments the support commands share: dates, times, party sizes, and the staff options."""

import argparse
import datetime as dt


def day(value: str) -> dt.date:
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a date as YYYY-MM-DD.") from None


def hhmm(value: str) -> dt.time:
    try:
        return dt.datetime.strptime(value, "%H:%M").time()
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a time as HH:MM.") from None


def party(value: str) -> int:
    if not value.isdigit() or not 1 <= int(value) <= 1000:
        raise argparse.ArgumentTypeError(f"{value!r} is not a party size (1 to 1000).")
    return int(value)


def add_staff_options(parser, *, tables: bool, warnings: bool) -> None:
    """--table T ... (repeatable), --confirm-warnings, --as USERNAME."""
    if tables:
        parser.add_argument(
            "--table",
            dest="tables",
            action="extend",
            nargs="+",
            default=[],
            metavar="T",
            help="a table, as its tbl_ id or section/table (repeat, or list several)",
        )
    if warnings:
        parser.add_argument(
            "--confirm-warnings",
            action="store_true",
            help="go ahead past the online rules (the warnings staff confirm); without it they exit 3",
        )
    parser.add_argument("--as", dest="username", default=None, help="the back-office user acting, with their role")
