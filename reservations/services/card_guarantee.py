"""The card guarantee's state machine, guest side: the card step, a card saved or declined, the
extra step, the deadline (sweep and reminder), and a booking standing without its card.

States of a booking asked for a card (docs/api-decisions.md "Card guarantees"):

- `awaiting_guarantee` (a card request: a guaranteed slot booked through the API or the back
  office, or a PATCH `guarantee_request`), `awaiting_guest` (a widget booking part-way through
  its card step; never served by the API). Both hold their tables; `guarantee_status` is
  `requested` until the deadline `guarantee_expires_at`.
- card saved before the deadline: `guarantee_status` `active`; a booking never announced becomes
  `confirmed` (or `pending` when its service asks for approval) and `reservation.created` fires
  now (contract rule 4); one announced before (a confirmed booking the restaurant asked for a
  card) returns to `confirmed` with `reservation.updated` (`from_status`/`to_status`).
- deadline passed (`sweep_card_requests`, Celery beat every minute; `expire_card_request` by
  hand): with `cancel_on_expiry` the booking is cancelled (`guarantee_expired`), its tables freed
  at once, and a booking never announced sends nothing (neither created nor cancelled); without
  it the booking stands without a card, exactly as `waive_card_request` (the restaurant accepts
  it without one): announced now if it never was, the guarantee `released`.

Provider calls (network, for Stripe) are made outside the restaurant's lock; their result is
applied under it after re-reading the booking. A card saved at the provider for a booking that
ended meanwhile (the sweep won the race) is let go again: exactly one outcome.
"""

import datetime as dt
import logging
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from config.locking import lock_restaurant
from reservations.models import CardGuarantee, Reservation, ReservationEvent
from reservations.models.booking import EventType, GuaranteeStatus, ReservationStatus
from reservations.payments.base import CardResult, CardStatus
from reservations.payments.exceptions import CardStepClosed, PaymentStateConflict
from reservations.payments.registry import provider_for, provider_named
from reservations.payments.test_provider import TestProvider
from reservations.selectors.engine_policy import policy_for
from reservations.services import allocations, events
from reservations.services.availability_version import bump_availability_version
from reservations.services.create import created_event_data
from reservations.services.guarantees import guarantee_event_data
from reservations.services.notify import notify_guest

logger = logging.getLogger(__name__)

AWAITING = (ReservationStatus.AWAITING_GUARANTEE, ReservationStatus.AWAITING_GUEST)
GUARANTEE_EXPIRED = "guarantee_expired"
REMINDER_BEFORE = dt.timedelta(hours=24)


@dataclass(frozen=True)
class CardOutcome:
    """What a card attempt came to: `saved`, `requires_action`, `declined` (with the provider's
    `reason` and a `message` fit for the guest) or `closed` (the request ended before it)."""

    status: str
    reservation: Reservation
    reason: str | None = None
    message: str | None = None


def is_awaiting_card(reservation, now: dt.datetime | None = None) -> bool:
    """The guest may still save a card: the booking awaits one and its deadline has not passed."""
    now = now or timezone.now()
    return (
        reservation.status in AWAITING
        and reservation.guarantee_status == GuaranteeStatus.REQUESTED
        and (reservation.guarantee_expires_at is None or now < reservation.guarantee_expires_at)
    )


def return_url(reservation) -> str:
    """Where the provider's extra step sends the guest back: always this service's own page."""
    return f"{settings.BASE_URL}/book/{reservation.restaurant.slug}/{reservation.modification_token}/card/return"


# The card step.


def card_step(*, reservation: Reservation, now: dt.datetime | None = None) -> CardGuarantee:
    """The booking's card-saving intent at its provider, made on first need (a retry finds the same).

    Refused `card_step_closed` when the booking no longer awaits a card, `payments_suspended`
    when the restaurant cannot take card payments.
    """
    now = now or timezone.now()
    if not is_awaiting_card(reservation, now):
        raise CardStepClosed()
    existing = CardGuarantee.objects.filter(reservation=reservation).first()
    amount, currency = reservation.guarantee_amount, reservation.guarantee_currency
    if existing is not None and existing.intent_id and (existing.amount, existing.currency) == (amount, currency):
        return existing
    provider = provider_for(reservation.restaurant)
    intent = provider.create_guarantee(
        amount=amount,
        currency=currency,
        customer_email=reservation.contact_email or reservation.guest.email,
        reference=reservation.public_id,
        idempotency_key=f"{reservation.public_id}:card:{amount}{currency}",
    )
    with transaction.atomic():
        card, _ = CardGuarantee.objects.select_for_update().get_or_create(
            reservation=reservation,
            defaults={"restaurant_id": reservation.restaurant_id, "amount": amount, "currency": currency},
        )
        card.provider = intent.provider
        card.intent_id = intent.intent_id
        card.customer_id = intent.customer_id
        card.client_secret = intent.client_secret or ""
        card.amount, card.currency = amount, currency
        card.awaiting_action = False
        card.save()
    return card


def save_card(*, reservation: Reservation, card_number: str, now: dt.datetime | None = None) -> CardOutcome:
    """The guest hands a card (a test card number; for Stripe a PaymentMethod id made by Stripe.js)."""
    now = now or timezone.now()
    row = card_step(reservation=reservation, now=now)
    provider = provider_named(reservation.restaurant, row.provider)
    try:
        result = provider.confirm_card(row.intent_id, card=card_number, return_url=return_url(reservation))
    except PaymentStateConflict:
        # Saved by a concurrent attempt (a double click), or released: read where it stands.
        result = provider.card_status(row.intent_id)
    return _apply(reservation, result, now)


def complete_extra_step(*, reservation: Reservation, approve: bool, now: dt.datetime | None = None) -> CardOutcome:
    """The guest's answer to the test provider's simulated extra step (a bank's 3-D Secure page)."""
    now = now or timezone.now()
    row = CardGuarantee.objects.filter(reservation=reservation).first()
    if row is None or not row.intent_id or not is_awaiting_card(reservation, now):
        return CardOutcome("closed", reservation)
    provider = provider_named(reservation.restaurant, row.provider)
    if not isinstance(provider, TestProvider):
        return refresh_card(reservation=reservation, now=now)
    try:
        result = provider.authenticate(row.intent_id, approve=approve)
    except PaymentStateConflict:
        result = provider.card_status(row.intent_id)
    return _apply(reservation, result, now)


def refresh_card(*, reservation: Reservation, now: dt.datetime | None = None) -> CardOutcome:
    """Read the intent at the provider and act on it (Stripe's return page, its webhook)."""
    now = now or timezone.now()
    row = CardGuarantee.objects.filter(reservation=reservation).first()
    if row is None or not row.intent_id:
        return CardOutcome("closed", reservation)
    result = provider_named(reservation.restaurant, row.provider).card_status(row.intent_id)
    return _apply(reservation, result, now)


def _apply(reservation: Reservation, result: CardResult, now: dt.datetime) -> CardOutcome:
    """Record a provider's answer on the booking, under the restaurant's lock."""
    too_late = False
    with transaction.atomic():
        lock_restaurant(reservation.restaurant_id)
        reservation = (
            Reservation.objects.select_for_update().select_related("restaurant", "guest").get(pk=reservation.pk)
        )
        row = CardGuarantee.objects.select_for_update().get(reservation=reservation)
        if result.intent_id != row.intent_id:
            return CardOutcome("closed", reservation)
        if not is_awaiting_card(reservation, now):
            # Saved already (a second answer about the same card), or the request ended first.
            if reservation.guarantee_status == GuaranteeStatus.ACTIVE and row.saved_at is not None:
                return CardOutcome("saved", reservation)
            too_late = result.status in (CardStatus.SAVED, CardStatus.REQUIRES_ACTION)
            outcome = CardOutcome("closed", reservation)
        elif result.status == CardStatus.SAVED:
            _card_saved(reservation, row, result, now)
            outcome = CardOutcome("saved", reservation)
        elif result.status == CardStatus.REQUIRES_ACTION:
            row.awaiting_action = True
            row.save(update_fields=["awaiting_action", "updated_at"])
            outcome = CardOutcome("requires_action", reservation)
        elif result.status == CardStatus.DECLINED:
            row.attempts += 1
            row.last_decline = result.reason or "card_declined"
            row.awaiting_action = False
            row.save(update_fields=["attempts", "last_decline", "awaiting_action", "updated_at"])
            outcome = CardOutcome("declined", reservation, reason=result.reason, message=result.message)
        else:  # requires_card, processing: nothing to record yet
            outcome = CardOutcome(str(result.status), reservation)
    if too_late:
        _let_go(reservation, row)
    return outcome


def _card_saved(reservation: Reservation, row: CardGuarantee, result: CardResult, now: dt.datetime) -> None:
    row.payment_method_id = result.payment_method_id or ""
    row.brand = result.brand or ""
    row.last4 = result.last4 or ""
    row.awaiting_action = False
    row.last_decline = ""
    row.saved_at = now
    row.save()
    reservation.guarantee_status = GuaranteeStatus.ACTIVE
    _stand(reservation, via="card")


def _stand(reservation: Reservation, *, via: str) -> None:
    """The booking stands (card saved, or accepted without one): announced now if it never was."""
    previous = reservation.status
    announced = events.has_created_event(reservation)
    if announced:
        reservation.status = ReservationStatus.CONFIRMED  # a card request is only ever made on a confirmed booking
    else:
        shift = policy_for(reservation.restaurant).shift(reservation.shift_id)
        needs_approval = shift is not None and shift.needs_approval(reservation.party_size)
        reservation.status = ReservationStatus.PENDING if needs_approval else ReservationStatus.CONFIRMED
    reservation.save(update_fields=["status", "guarantee_status", "updated_at"])
    if announced:
        events.record(reservation, EventType.UPDATED, {"from_status": previous, "to_status": reservation.status})
    else:
        events.record(reservation, EventType.CREATED, created_event_data(reservation))
    if via != "card":
        events.record(reservation, EventType.GUARANTEE_RELEASED, guarantee_event_data(reservation, reason=via))
    notify_guest(reservation, "confirmation")


def _let_go(reservation: Reservation, row: CardGuarantee) -> None:
    """Release an intent at the provider (a card saved too late, a request ended); logged, never raised."""
    if not row.intent_id:
        return
    try:
        provider_named(reservation.restaurant, row.provider).release(row.intent_id)
    except Exception:  # the booking's state is already right; the provider's intent lapses on its own
        logger.exception("Could not release the card intent %s of %s", row.intent_id, reservation.public_id)
        return
    CardGuarantee.objects.filter(pk=row.pk).update(released_at=timezone.now(), awaiting_action=False)


# The deadline.


def expire_card_request(*, reservation: Reservation, now: dt.datetime | None = None) -> Reservation:
    """End an unanswered card request as its deadline passing does (the sweep, or by hand now).

    `cancel_on_expiry` (and always for a widget booking part-way through its card step): the
    booking is cancelled with `guarantee_expired` and its tables freed; a booking never announced
    sends no event. Otherwise it stands without a card. A booking no longer awaiting a card is
    returned unchanged.
    """
    now = now or timezone.now()
    row = None
    with transaction.atomic():
        lock_restaurant(reservation.restaurant_id)
        reservation = (
            Reservation.objects.select_for_update().select_related("restaurant", "guest").get(pk=reservation.pk)
        )
        if reservation.status not in AWAITING or reservation.guarantee_status != GuaranteeStatus.REQUESTED:
            return reservation
        row = CardGuarantee.objects.filter(reservation=reservation).first()
        reservation.guarantee_status = GuaranteeStatus.RELEASED
        if reservation.guarantee_cancel_on_expiry or reservation.status == ReservationStatus.AWAITING_GUEST:
            _cancel_expired(reservation)
        else:
            _stand(reservation, via="expired")
    if row is not None:
        _let_go(reservation, row)
    return reservation


def _cancel_expired(reservation: Reservation) -> None:
    previous = reservation.status
    announced = events.has_created_event(reservation)
    reservation.status = ReservationStatus.CANCELLED
    reservation.cancellation_reason = GUARANTEE_EXPIRED
    reservation.save(update_fields=["status", "cancellation_reason", "guarantee_status", "updated_at"])
    allocations.release(reservation=reservation)
    if announced:  # a confirmed booking the restaurant asked for a card: its cancel is announced
        events.record(
            reservation,
            EventType.CANCELLED,
            {
                "from_status": previous,
                "to_status": ReservationStatus.CANCELLED,
                "cancellation_reason": GUARANTEE_EXPIRED,
            },
        )
    notify_guest(reservation, "cancellation")
    bump_availability_version(reservation.restaurant_id, policy_changed=False)


def waive_card_request(*, reservation: Reservation, now: dt.datetime | None = None) -> Reservation:
    """The restaurant accepts the booking without the card it asked for (staff): it stands now."""
    row = None
    with transaction.atomic():
        lock_restaurant(reservation.restaurant_id)
        reservation = (
            Reservation.objects.select_for_update().select_related("restaurant", "guest").get(pk=reservation.pk)
        )
        if reservation.status not in AWAITING or reservation.guarantee_status != GuaranteeStatus.REQUESTED:
            raise PaymentStateConflict(f"{reservation.public_id} awaits no card.")
        row = CardGuarantee.objects.filter(reservation=reservation).first()
        reservation.guarantee_status = GuaranteeStatus.RELEASED
        _stand(reservation, via="waived")
    if row is not None:
        _let_go(reservation, row)
    return reservation


def sweep_card_requests(now: dt.datetime | None = None) -> dict:
    """Beat task body: end the card requests whose deadline passed, remind those 24 h from it."""
    now = now or timezone.now()
    due = Reservation.objects.filter(
        status__in=AWAITING, guarantee_status=GuaranteeStatus.REQUESTED, guarantee_expires_at__lte=now
    ).select_related("restaurant")
    expired = 0
    for reservation in due:
        if expire_card_request(reservation=reservation, now=now).status != reservation.status:
            expired += 1
    return {"expired": expired, "reminded": send_card_reminders(now)}


def send_card_reminders(now: dt.datetime) -> int:
    """One reminder per card request, 24 h before its deadline, when the request gave the guest
    more than a day (a shorter one was just e-mailed)."""
    candidates = Reservation.objects.filter(
        status=ReservationStatus.AWAITING_GUARANTEE,
        guarantee_status=GuaranteeStatus.REQUESTED,
        guarantee_expires_at__gt=now,
        guarantee_expires_at__lte=now + REMINDER_BEFORE,
    ).exclude(card__reminded_at__isnull=False)
    sent = 0
    for reservation in candidates.select_related("restaurant"):
        asked_at = (
            ReservationEvent.objects.filter(reservation=reservation, type=EventType.GUARANTEE_REQUESTED)
            .order_by("-created_at")
            .values_list("created_at", flat=True)
            .first()
        ) or reservation.created_at
        if reservation.guarantee_expires_at - asked_at <= REMINDER_BEFORE + dt.timedelta(hours=1):
            continue
        with transaction.atomic():
            row, _ = CardGuarantee.objects.select_for_update().get_or_create(
                reservation=reservation,
                defaults={
                    "restaurant_id": reservation.restaurant_id,
                    "provider": reservation.restaurant.payment_provider,
                    "amount": reservation.guarantee_amount,
                    "currency": reservation.guarantee_currency,
                },
            )
            if row.reminded_at is not None:
                continue
            row.reminded_at = now
            row.save(update_fields=["reminded_at", "updated_at"])
            notify_guest(reservation, "card_reminder")
            sent += 1
    return sent
