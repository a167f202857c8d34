"""manage.py guarantee save-card|expire|charge|refund|release <resv_id>: a booking's card guarantee, by
the same services as the guest page, the sweep and the back office (JSON on stdout; a refusal exits 1).

    manage.py guarantee save-card resv_... [--card 4000002500003155] [--fail-extra-step]
    manage.py guarantee expire resv_...
    manage.py guarantee charge resv_... [--amount 2000]
    manage.py guarantee refund resv_... [--amount 500] [--charge ch_...]
    manage.py guarantee release resv_...
"""

from config.commands import SupportCommand
from reservations.management.guarantee_commands import GuaranteeMoneySubcommands, GuaranteeSubcommands


class Command(GuaranteeSubcommands, GuaranteeMoneySubcommands, SupportCommand):
    help = "A booking's card guarantee: save-card (test provider), expire, charge, refund, release."

    def add_subcommands(self, subparsers):
        self.add_guarantee_subcommands(subparsers)
        self.add_money_subcommands(subparsers)
