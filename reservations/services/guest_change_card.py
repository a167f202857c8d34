"""The card step of a guest's change (reservations.services.guest_change): a new slot asks for a
card the booking does not hold, so nothing moves until the guest saves one.

The change has its own intent at the restaurant's provider, for the new amount. Provider calls are
made outside the restaurant's lock; their answer is applied under it:
- saved: the change is applied now (re-validated as any change), the booking's card row takes the
  new card and the card it held before (if any) is released at the provider. Should the slot have
  gone meanwhile, the change is `refused` with the rule's code, the new card is released and the
  booking stays as it was;
- declined: counted, with its reason (the page words it); the same form again;
- an extra step (3-D Secure): the test provider's page, or Stripe's, asks the bank;
  then `complete_change_extra_step` / `refresh_change_card` apply the answer.
"""

import logging
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from config.exceptions import DomainError
from config.locking import lock_restaurant
from reservations.models import CardGuarantee, GuestChange, GuestChangeStatus, Reservation
from reservations.payments.base import CardResult, CardStatus
from reservations.payments.exceptions import PaymentStateConflict
from reservations.payments.registry import provider_for, provider_named
from reservations.payments.test_provider import TestProvider
from reservations.services.guarantee_requests import GuestCardNeeded
from reservations.services.guest_change import GuestChangeRefused, apply_change
from reservations.services.notify import notify_guest

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class ChangeCardOutcome:
    """`applied`, `requires_action`, `declined` (with the provider's `reason`), `refused` (saved too
    late: the rule in `reason`) or `closed` (the change no longer waits for a card)."""

    status: str
    change: GuestChange
    reason: str | None = None


def change_return_url(change: GuestChange) -> str:
    reservation = change.reservation
    return (
        f"{settings.BASE_URL}/book/{reservation.restaurant.slug}/{reservation.modification_token}"
        f"/change/{change.token}/return"
    )


def change_card_step(*, change: GuestChange) -> GuestChange:
    """The change's intent at the provider, made on first need (a retry finds the same)."""
    if change.status != GuestChangeStatus.AWAITING_CARD:
        raise PaymentStateConflict("This change no longer waits for a card.")
    if change.intent_id:
        return change
    reservation = change.reservation
    intent = provider_for(reservation.restaurant).create_guarantee(
        amount=change.amount,
        currency=change.currency,
        customer_email=reservation.contact_email or reservation.guest.email or "",
        reference=reservation.public_id,
        idempotency_key=f"{reservation.public_id}:change:{change.token}",
    )
    GuestChange.objects.filter(pk=change.pk, intent_id="").update(
        provider=intent.provider,
        intent_id=intent.intent_id,
        customer_id=intent.customer_id,
        client_secret=intent.client_secret or "",
        updated_at=timezone.now(),
    )
    change.refresh_from_db()
    return change


def save_change_card(*, change: GuestChange, card_number: str) -> ChangeCardOutcome:
    """The guest hands a card for the change (a test card number; for Stripe a PaymentMethod id)."""
    if change.status != GuestChangeStatus.AWAITING_CARD:
        return ChangeCardOutcome("closed", change)
    change = change_card_step(change=change)
    provider = provider_named(change.reservation.restaurant, change.provider)
    try:
        result = provider.confirm_card(change.intent_id, card=card_number, return_url=change_return_url(change))
    except PaymentStateConflict:  # a concurrent attempt (a double click) got there first
        result = provider.card_status(change.intent_id)
    return _apply(change, result)


def complete_change_extra_step(*, change: GuestChange, approve: bool) -> ChangeCardOutcome:
    """The guest's answer to the test provider's simulated extra step (a bank's 3-D Secure page)."""
    if change.status != GuestChangeStatus.AWAITING_CARD or not change.intent_id:
        return ChangeCardOutcome("closed", change)
    provider = provider_named(change.reservation.restaurant, change.provider)
    if not isinstance(provider, TestProvider):
        return refresh_change_card(change=change)
    try:
        result = provider.authenticate(change.intent_id, approve=approve)
    except PaymentStateConflict:
        result = provider.card_status(change.intent_id)
    return _apply(change, result)


def refresh_change_card(*, change: GuestChange) -> ChangeCardOutcome:
    """Read the change's intent at the provider and act on it (the return from Stripe's extra step)."""
    if not change.intent_id:
        return ChangeCardOutcome("closed", change)
    result = provider_named(change.reservation.restaurant, change.provider).card_status(change.intent_id)
    return _apply(change, result)


def _apply(change: GuestChange, result: CardResult) -> ChangeCardOutcome:
    now = timezone.now()
    let_go: list[tuple[str, str]] = []  # (provider, intent) to release once the outcome is written
    with transaction.atomic():
        lock_restaurant(change.restaurant_id)
        change = GuestChange.objects.select_for_update().select_related("reservation__restaurant").get(pk=change.pk)
        if change.status != GuestChangeStatus.AWAITING_CARD or result.intent_id != change.intent_id:
            status = "applied" if change.status == GuestChangeStatus.APPLIED else "closed"
            return ChangeCardOutcome(status, change, change.refusal or None)
        if result.status == CardStatus.SAVED:
            outcome = _card_saved(change, result, now, let_go)
        elif result.status == CardStatus.REQUIRES_ACTION:
            change.awaiting_action = True
            change.save(update_fields=["awaiting_action", "updated_at"])
            outcome = ChangeCardOutcome("requires_action", change)
        elif result.status == CardStatus.DECLINED:
            change.attempts += 1
            change.last_decline = result.reason or "card_declined"
            change.awaiting_action = False
            change.save(update_fields=["attempts", "last_decline", "awaiting_action", "updated_at"])
            outcome = ChangeCardOutcome("declined", change, change.last_decline)
        else:  # requires_card, processing: nothing to record yet
            outcome = ChangeCardOutcome(str(result.status), change)
    for provider, intent in let_go:
        _release(change.reservation.restaurant, provider, intent)
    return outcome


def _card_saved(change: GuestChange, result: CardResult, now, let_go: list) -> ChangeCardOutcome:
    try:
        with transaction.atomic():
            reservation = apply_change(change.reservation, change, card_amount=change.amount, now=now)
            if _rests_on(reservation, change):
                previous = _take_card(reservation, change, result, now)
                if previous is not None:
                    let_go.append(previous)
            else:  # the booking's new slot no longer asks a card (the restaurant changed its terms)
                let_go.append((change.provider, change.intent_id))
            notify_guest(reservation, "change")
    except (DomainError, GuestChangeRefused, GuestCardNeeded) as refusal:  # GuestCardNeeded: terms raised since
        codes = [v["code"] for v in getattr(refusal, "violations", None) or []]
        change.status = GuestChangeStatus.REFUSED
        change.refusal = (codes[0] if codes else getattr(refusal, "code", "guest_card_needed"))[:60]
        change.awaiting_action = False
        change.save(update_fields=["status", "refusal", "awaiting_action", "updated_at"])
        let_go.append((change.provider, change.intent_id))
        return ChangeCardOutcome("refused", change, change.refusal)
    change.status = GuestChangeStatus.APPLIED
    change.awaiting_action = False
    change.save(update_fields=["status", "awaiting_action", "updated_at"])
    return ChangeCardOutcome("applied", change)


def _rests_on(reservation: Reservation, change: GuestChange) -> bool:
    """The changed booking is guaranteed by the card saved for the change (guest_card_for_change)."""
    return (
        reservation.guarantee_status == "active"
        and reservation.guarantee_amount == change.amount
        and reservation.guarantee_currency == change.currency
    )


def _take_card(reservation: Reservation, change: GuestChange, result: CardResult, now):
    """The booking's card row holds the change's card; returns the card it held before, to release."""
    row = CardGuarantee.objects.select_for_update().filter(reservation=reservation).first()
    previous = None
    if row is None:
        row = CardGuarantee(restaurant_id=reservation.restaurant_id, reservation=reservation)
    elif row.intent_id and row.intent_id != change.intent_id and row.released_at is None:
        previous = (row.provider, row.intent_id)
    row.provider = change.provider
    row.intent_id = change.intent_id
    row.customer_id = change.customer_id
    row.client_secret = ""
    row.payment_method_id = result.payment_method_id or ""
    row.brand = result.brand or ""
    row.last4 = result.last4 or ""
    row.amount = max(change.amount, row.charged or 0)
    row.currency = change.currency
    row.attempts = change.attempts + 1
    row.last_decline = ""
    row.awaiting_action = False
    row.saved_at = now
    row.released_at = None
    row.save()
    return previous


def _release(restaurant, provider: str, intent_id: str) -> None:
    """Let an intent go at the provider; logged, never raised (it lapses there on its own)."""
    try:
        provider_named(restaurant, provider).release(intent_id)
    except Exception:
        logger.exception("Could not release the card intent %s", intent_id)
