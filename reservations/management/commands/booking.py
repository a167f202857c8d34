"""manage.py booking save-card|expire-guarantee <resv_id>: the card guarantee's support subcommands
(reservations/management/guarantee_commands.py; the same as `manage.py guarantee ...`).

When the back office's staff subcommands (approve, seat, ...) join this command, keep the mixin:
`class Command(GuaranteeSubcommands, SupportCommand)` and call
`self.add_guarantee_subcommands(subparsers, expire_name="expire-guarantee")` in `add_subcommands`.
"""

from config.commands import SupportCommand
from reservations.management.guarantee_commands import GuaranteeSubcommands


class Command(GuaranteeSubcommands, SupportCommand):
    help = "Support actions on one booking: save-card (test provider), expire-guarantee."

    def add_subcommands(self, subparsers):
        self.add_guarantee_subcommands(subparsers, expire_name="expire-guarantee")
