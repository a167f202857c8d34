"""The card guarantee's support subcommands, shared by `manage.py guarantee ...` and (mixed into the
back office's `booking` command when it exists) `manage.py booking save-card|expire-guarantee`.

Each calls the same service as the guest page, the back office and the beat sweep, and prints the
booking as the API shows it to a full-access key (JSON), with what the step came to.
"""

from reservations.management.support import reservation_of, snapshot
from reservations.payments.exceptions import PaymentStateConflict
from reservations.services.card_guarantee import complete_extra_step, expire_card_request, save_card
from reservations.services.guarantee_money import charge_guarantee, refund_guarantee, release_guarantee

DEFAULT_TEST_CARD = "4242424242424242"


def charge_row(row) -> dict:
    return {
        "charge": row.charge_id or None,
        "status": row.status,
        "amount": row.amount,
        "currency": row.currency,
        "refunded": row.refunded,
        "reason": row.reason or None,
    }


class GuaranteeSubcommands:
    """Mix into a `config.commands.SupportCommand` and call `add_guarantee_subcommands(subparsers)`
    (the `booking` command names the expiry `expire-guarantee`)."""

    def add_guarantee_subcommands(self, subparsers, *, expire_name: str = "expire") -> None:
        save = subparsers.add_parser("save-card", help="save a test card for the guest (test provider only)")
        save.add_argument("reservation", help="resv_ id")
        save.add_argument("--card", default=DEFAULT_TEST_CARD, help="a test card number (default 4242...)")
        save.add_argument(
            "--fail-extra-step", action="store_true", help="a card needing the extra step: fail it (default: approve)"
        )
        expire = subparsers.add_parser(expire_name, help="end a card request now, as its deadline passing would")
        expire.add_argument("reservation")

    def do_save_card(self, *, reservation, card, fail_extra_step=False, **options):
        booking = reservation_of(reservation)
        if booking.restaurant.payment_provider != "test":
            raise PaymentStateConflict(
                f"{booking.restaurant.name} takes cards through {booking.restaurant.payment_provider}: "
                "only the test provider's cards can be saved from here."
            )
        outcome = save_card(reservation=booking, card_number=card)
        steps = [outcome.status]
        if outcome.status == "requires_action":
            outcome = complete_extra_step(reservation=booking, approve=not fail_extra_step)
            steps.append(outcome.status)
        return {"outcome": outcome.status, "steps": steps, "reason": outcome.reason, "reservation": snapshot(booking)}

    def do_expire(self, *, reservation, **options):
        booking = reservation_of(reservation)
        before = booking.status
        after = expire_card_request(reservation=booking)
        return {"changed": after.status != before, "reservation": snapshot(after)}

    do_expire_guarantee = do_expire


class GuaranteeMoneySubcommands:
    def add_money_subcommands(self, subparsers) -> None:
        charge = subparsers.add_parser("charge", help="charge a no-show or a late cancellation")
        charge.add_argument("reservation")
        charge.add_argument("--amount", type=int, help="minor units (default: all that is left)")
        charge.add_argument("--staff", default="support")
        refund = subparsers.add_parser("refund", help="refund a charge, fully or partially")
        refund.add_argument("reservation")
        refund.add_argument("--amount", type=int, help="minor units (default: all of the charge)")
        refund.add_argument("--charge", help="the charge id (default: the latest)")
        refund.add_argument("--staff", default="support")
        release = subparsers.add_parser("release", help="end the guarantee with no charge")
        release.add_argument("reservation")
        release.add_argument("--staff", default="support")

    def do_charge(self, *, reservation, amount=None, staff="support", **options):
        booking = reservation_of(reservation)
        row = charge_guarantee(reservation=booking, amount=amount, staff=staff)
        return {**charge_row(row), "reservation": snapshot(booking)}

    def do_refund(self, *, reservation, amount=None, charge=None, staff="support", **options):
        booking = reservation_of(reservation)
        row = refund_guarantee(reservation=booking, amount=amount, charge_id=charge, staff=staff)
        return {**charge_row(row), "reservation": snapshot(booking)}

    def do_release(self, *, reservation, staff="support", **options):
        booking = release_guarantee(reservation=reservation_of(reservation), staff=staff)
        return {"reservation": snapshot(booking)}
