"""The card guarantee's money, staff side: charge a no-show or a late cancellation, refund, release.

Each is one service used by the back office (admin actions, the day sheet) and by
`manage.py guarantee charge|refund|release`. Amounts are integers of minor units of the
restaurant's currency (`None`: all that is left), checked by the provider interface before any
provider call. Under the restaurant's lock and the booking's row lock, so two hosts charging at
once never take more than the guarantee; each provider call carries an idempotency key derived
from the booking and the attempt's number, so a retry after a crash never charges twice.

Events (`reservation.guarantee_*`, with the reservation snapshot on the webhook):
`_charged` (fully or partially), `_payment_failed` (a charge attempt failed), `_refunded`
(fully or partially), `_released` (ended with no charge).
"""

from django.db import transaction
from django.utils import timezone

from config.locking import lock_restaurant
from reservations.models import CardGuarantee, GuaranteeCharge, Reservation
from reservations.models.booking import EventType, GuaranteeStatus, ReservationStatus
from reservations.models.guarantee import GuaranteeChargeStatus
from reservations.payments.base import Charge, PaymentStatus, SavedCard
from reservations.payments.exceptions import GuaranteeNotChargeable, PaymentsSuspended
from reservations.payments.registry import provider_named
from reservations.services import events
from reservations.services.card_guarantee import AWAITING, waive_card_request
from reservations.services.guarantees import guarantee_event_data

# A charge is for a no-show or a late cancellation: the staff judge lateness, the booking must be over.
CHARGEABLE_STATUSES = (ReservationStatus.NO_SHOW, ReservationStatus.CANCELLED)
SAVED_GUARANTEE = (GuaranteeStatus.ACTIVE, GuaranteeStatus.FAILED, GuaranteeStatus.CHARGED, GuaranteeStatus.REFUNDED)


def _locked(reservation: Reservation) -> tuple[Reservation, CardGuarantee | None]:
    lock_restaurant(reservation.restaurant_id)
    reservation = Reservation.objects.select_for_update().select_related("restaurant").get(pk=reservation.pk)
    card = CardGuarantee.objects.select_for_update().filter(reservation=reservation).first()
    return reservation, card


def _saved_card(reservation: Reservation, card: CardGuarantee | None) -> CardGuarantee:
    if card is None or card.saved_at is None or reservation.guarantee_status not in SAVED_GUARANTEE:
        raise GuaranteeNotChargeable(f"{reservation.public_id} has no saved card.")
    if card.released_at is not None:
        raise GuaranteeNotChargeable(f"The card of {reservation.public_id} was released.")
    return card


def charge_guarantee(*, reservation: Reservation, amount: int | None = None, staff: str = "") -> GuaranteeCharge:
    """Charge the saved card of a no-show or cancelled booking, up to what is left of the guarantee."""
    with transaction.atomic():
        reservation, card = _locked(reservation)
        card = _saved_card(reservation, card)
        if reservation.status not in CHARGEABLE_STATUSES:
            raise GuaranteeNotChargeable(
                f"{reservation.public_id} is {reservation.status}: only a no-show or a cancelled booking is charged."
            )
        if not reservation.restaurant.payments_enabled:
            raise PaymentsSuspended()
        limit = min(card.amount, reservation.guarantee_amount or card.amount)
        handle = SavedCard(
            provider=card.provider,
            intent_id=card.intent_id,
            customer_id=card.customer_id,
            payment_method_id=card.payment_method_id,
            amount=limit,
            currency=card.currency,
            charged=min(card.charged, limit),
        )
        attempt = card.charges.count() + 1
        result = provider_named(reservation.restaurant, card.provider).charge(
            handle,
            amount=amount,
            reference=reservation.public_id,
            idempotency_key=f"{reservation.public_id}:charge:{attempt}",
        )
        status = {
            PaymentStatus.SUCCEEDED: GuaranteeChargeStatus.SUCCEEDED,
            PaymentStatus.PENDING: GuaranteeChargeStatus.PENDING,
            PaymentStatus.FAILED: GuaranteeChargeStatus.FAILED,
        }[result.status]
        row = GuaranteeCharge.objects.create(
            restaurant_id=reservation.restaurant_id,
            card=card,
            charge_id=result.charge_id or "",
            amount=result.amount,
            currency=result.currency,
            status=status,
            reason=result.reason or "",
            staff=staff,
        )
        if status == GuaranteeChargeStatus.SUCCEEDED:
            _charged(reservation, card, row)
        elif status == GuaranteeChargeStatus.FAILED:
            _charge_failed(reservation, row)
    return row


def _charged(reservation: Reservation, card: CardGuarantee, row: GuaranteeCharge) -> None:
    card.charged += row.amount
    card.save(update_fields=["charged", "updated_at"])
    reservation.guarantee_status = GuaranteeStatus.CHARGED
    reservation.save(update_fields=["guarantee_status", "updated_at"])
    events.record(
        reservation,
        EventType.GUARANTEE_CHARGED,
        guarantee_event_data(reservation, charged_amount=row.amount, charged_total=card.charged, charge=row.charge_id),
    )


def _charge_failed(reservation: Reservation, row: GuaranteeCharge) -> None:
    if reservation.guarantee_status == GuaranteeStatus.ACTIVE:
        reservation.guarantee_status = GuaranteeStatus.FAILED
        reservation.save(update_fields=["guarantee_status", "updated_at"])
    events.record(
        reservation,
        EventType.GUARANTEE_PAYMENT_FAILED,
        guarantee_event_data(reservation, attempted_amount=row.amount, failure_reason=row.reason or None),
    )


def refund_guarantee(
    *, reservation: Reservation, amount: int | None = None, charge_id: str | None = None, staff: str = ""
) -> GuaranteeCharge:
    """Give back a successful charge, fully (`amount` None) or partially; the latest one unless named."""
    with transaction.atomic():
        reservation, card = _locked(reservation)
        if card is None:
            raise GuaranteeNotChargeable(f"{reservation.public_id} has no charge to refund.")
        charges = card.charges.select_for_update().filter(status=GuaranteeChargeStatus.SUCCEEDED)
        if charge_id:
            charges = charges.filter(charge_id=charge_id)
        row = charges.order_by("-created_at", "-id").first()
        if row is None or row.refunded >= row.amount:
            raise GuaranteeNotChargeable(f"{reservation.public_id} has no charge left to refund.")
        handle = Charge(
            provider=card.provider,
            charge_id=row.charge_id,
            amount=row.amount,
            currency=row.currency,
            refunded=row.refunded,
        )
        result = provider_named(reservation.restaurant, card.provider).refund(
            handle,
            amount=amount,
            reference=reservation.public_id,
            idempotency_key=f"{row.charge_id}:refund:{row.refunded}",  # stable across a retry of the same refund
        )
        if result.status == PaymentStatus.FAILED:
            raise GuaranteeNotChargeable(f"The provider refused the refund: {result.reason or 'failed'}.")
        row.refunded += result.amount
        row.save(update_fields=["refunded"])
        card.refunded += result.amount
        card.save(update_fields=["refunded", "updated_at"])
        reservation.guarantee_status = GuaranteeStatus.REFUNDED
        reservation.save(update_fields=["guarantee_status", "updated_at"])
        events.record(
            reservation,
            EventType.GUARANTEE_REFUNDED,
            guarantee_event_data(
                reservation,
                refunded_amount=result.amount,
                refunded_total=card.refunded,
                charge=row.charge_id,
                refund=result.refund_id,
            ),
        )
    return row


def release_guarantee(*, reservation: Reservation, staff: str = "") -> Reservation:
    """End the guarantee with no charge: after the visit (the card let go), or, while the card is
    still awaited, the restaurant accepting the booking without one (it stands, announced now)."""
    if reservation.status in AWAITING and reservation.guarantee_status == GuaranteeStatus.REQUESTED:
        return waive_card_request(reservation=reservation)
    with transaction.atomic():
        reservation, card = _locked(reservation)
        card = _saved_card(reservation, card)
        if card.charged:
            raise GuaranteeNotChargeable(
                f"{reservation.public_id} was charged; refund it instead (a release ends a guarantee with no charge)."
            )
        provider_named(reservation.restaurant, card.provider).release(card.intent_id)
        card.released_at = timezone.now()
        card.save(update_fields=["released_at", "updated_at"])
        reservation.guarantee_status = GuaranteeStatus.RELEASED
        reservation.save(update_fields=["guarantee_status", "updated_at"])
        events.record(reservation, EventType.GUARANTEE_RELEASED, guarantee_event_data(reservation))
    return reservation


def act_on_provider_event(event, outcome) -> None:
    """What a verified provider webhook means for a guarantee (reservations.payments.webhooks):
    a card saved after the guest's extra step, a pending charge concluded. Then `processed_at`."""
    from reservations.payments.webhooks import OutcomeKind
    from reservations.services.card_guarantee import refresh_card

    if event.processed_at is not None:
        return
    if outcome is not None and outcome.kind == OutcomeKind.CARD_SAVED and outcome.intent_id:
        card = CardGuarantee.objects.filter(provider=outcome.provider, intent_id=outcome.intent_id).first()
        if card is not None:
            refresh_card(reservation=card.reservation)
    elif outcome is not None and outcome.kind in (OutcomeKind.CHARGE_SUCCEEDED, OutcomeKind.CHARGE_FAILED):
        _conclude_charge(outcome)
    event.processed_at = timezone.now()
    event.save(update_fields=["processed_at"])


def _conclude_charge(outcome) -> None:
    from reservations.payments.webhooks import OutcomeKind

    row = GuaranteeCharge.objects.filter(charge_id=outcome.charge_id, status=GuaranteeChargeStatus.PENDING).first()
    if row is None or not outcome.charge_id:
        return
    with transaction.atomic():
        reservation, card = _locked(row.card.reservation)
        row = GuaranteeCharge.objects.select_for_update().get(pk=row.pk)
        if row.status != GuaranteeChargeStatus.PENDING:
            return
        if outcome.kind == OutcomeKind.CHARGE_SUCCEEDED:
            row.status = GuaranteeChargeStatus.SUCCEEDED
            row.save(update_fields=["status"])
            _charged(reservation, card, row)
        else:
            row.status = GuaranteeChargeStatus.FAILED
            row.reason = outcome.reason or "card_declined"
            row.save(update_fields=["status", "reason"])
            _charge_failed(reservation, row)
