"""Reads of the guest pages: the restaurant by slug, a booking by its token, what its page shows."""

import datetime as dt
from dataclasses import dataclass

from django.db import connection
from django.utils import timezone

from config.postgresql.round_trip import Part, Results, run_one
from guests.models import Guest
from reservations.models import CardGuarantee, Feedback, Reservation, Restaurant
from reservations.models.booking import GuaranteeStatus, ReservationStatus
from reservations.services.card_guarantee import is_awaiting_card
from waitlist.models import WaitlistEntry

CANCELLABLE = (
    ReservationStatus.AWAITING_GUARANTEE,
    ReservationStatus.AWAITING_GUEST,
    ReservationStatus.PENDING,
    ReservationStatus.CONFIRMED,
)


class _Rows:
    """One model's whole row in a hand-written statement: its columns (every concrete field, as
    the ORM selects them) and the instance built from them, converted as the ORM converts them.
    Compiling these queries through the ORM cost more CPU than running them (the booking with its
    guest and restaurant is some 160 columns): the statements are written once per process."""

    def __init__(self, model, alias: str):
        self.model = model
        self.fields = list(model._meta.concrete_fields)
        self.attnames = [field.attname for field in self.fields]
        self.columns = ", ".join(f'{alias}."{field.column}"' for field in self.fields)
        self._converters = None

    def converters(self) -> list:
        if self._converters is None:
            table = self.model._meta.db_table
            self._converters = [
                (index, field, converters)
                for index, field in enumerate(self.fields)
                if (
                    converters := connection.ops.get_db_converters(field.get_col(table))
                    + field.get_db_converters(connection)
                )
            ]
        return self._converters

    def build(self, values):
        """The instance of this row (`values`, in the order of `columns`)."""
        row = list(values)
        for index, field, converters in self.converters():
            for converter in converters:
                row[index] = converter(row[index], field, connection)
        return self.model.from_db(connection.alias, self.attnames, row)


_RESTAURANT = _Rows(Restaurant, "t")
_RESERVATION = _Rows(Reservation, "r")
_GUEST = _Rows(Guest, "g")
_CARD = _Rows(CardGuarantee, "c")
_FEEDBACK = _Rows(Feedback, "f")

_RESTAURANT_BY_SLUG = (
    f'SELECT {_RESTAURANT.columns} FROM "{Restaurant._meta.db_table}" t WHERE t."slug" = %s ORDER BY t."id" LIMIT 1'
)
_RESTAURANT_ID = f'(SELECT t."id" FROM "{Restaurant._meta.db_table}" t WHERE t."slug" = %s)'
_BOOKING_WHERE = f'WHERE r."restaurant_id" = {_RESTAURANT_ID} AND r."modification_token" = %s'
_BOOKING = f'(SELECT r."id" FROM "{Reservation._meta.db_table}" r {_BOOKING_WHERE})'
# The restaurant by its slug and the booking by its token, at that restaurant only, with the
# booking's guest, its card row and its feedback (one-to-one: at most one each): five statements
# in one round trip. Each reads one table (the booking again by its token, an index lookup), which
# PostgreSQL plans in a fraction of the time it takes for the five tables joined in one statement.
_BOOKING_BY_TOKEN = "; ".join(
    [
        _RESTAURANT_BY_SLUG,
        f'SELECT {_RESERVATION.columns} FROM "{Reservation._meta.db_table}" r {_BOOKING_WHERE}',
        f'SELECT {_GUEST.columns} FROM "{Guest._meta.db_table}" g WHERE g."id" = '
        f'(SELECT r."guest_id" FROM "{Reservation._meta.db_table}" r {_BOOKING_WHERE})',
        f'SELECT {_CARD.columns} FROM "{CardGuarantee._meta.db_table}" c WHERE c."reservation_id" = {_BOOKING}',
        f'SELECT {_FEEDBACK.columns} FROM "{Feedback._meta.db_table}" f WHERE f."reservation_id" = {_BOOKING}',
    ]
)


def restaurant_of(slug: str) -> Restaurant | None:
    with connection.cursor() as cursor:
        cursor.execute(_RESTAURANT_BY_SLUG, [slug])
        row = cursor.fetchone()
    return None if row is None else _RESTAURANT.build(row)


def _first_rows(results: Results) -> list:
    """The first row (or None) of each of the five statements of `_BOOKING_BY_TOKEN`."""
    return [results.one(), *(results.next().one() for _ in range(4))]


def booking_of(slug: str, token: str) -> tuple[Restaurant, Reservation] | None:
    """The restaurant of this slug and the booking this token opens there, there only (a guest
    merge leaves the token as it was); the booking carries its guest, its restaurant and, for
    the first guest_view() of the request, its card row and feedback."""
    rows = run_one(Part(_BOOKING_BY_TOKEN, [slug, *[slug, token] * 4], _first_rows, statements=5))
    restaurant_row, reservation_row, guest_row, card_row, feedback_row = rows
    if restaurant_row is None or reservation_row is None or guest_row is None:
        return None
    restaurant = _RESTAURANT.build(restaurant_row)
    reservation = _RESERVATION.build(reservation_row)
    reservation._state.fields_cache["guest"] = _GUEST.build(guest_row)
    reservation._state.fields_cache["restaurant"] = _RESTAURANT.build(restaurant_row)  # its own, as select_related
    reservation._guest_view_rows = (
        None if card_row is None else _CARD.build(card_row),
        None if feedback_row is None else _FEEDBACK.build(feedback_row),
    )
    return restaurant, reservation


def entry_of(restaurant: Restaurant, token: str) -> WaitlistEntry | None:
    """The waitlist entry this token opens, at this restaurant only."""
    return (
        WaitlistEntry.objects.filter(restaurant=restaurant, guest_token=token)
        .select_related("guest", "restaurant", "reservation")
        .first()
    )


@dataclass(frozen=True)
class GuestView:
    status: str
    awaiting_card: bool
    card: CardGuarantee | None
    guarantee_amount: int | None
    guarantee_currency: str
    guarantee_status: str
    deadline: dt.datetime | None
    free_cancellation_until: dt.datetime | None
    cancellation_always_free: bool
    can_cancel: bool
    can_give_feedback: bool
    feedback: Feedback | None
    past: bool
    late_cancellation: bool  # cancelling now may be charged (a saved card, free cancellation over)


def guest_view(reservation: Reservation, now: dt.datetime | None = None) -> GuestView:
    now = now or timezone.now()
    # Read with the booking (booking_of) for the request's first view of it; read again after that,
    # since a service may have changed them since.
    rows = reservation.__dict__.pop("_guest_view_rows", None)
    if rows is not None:
        card, feedback = rows
    else:
        card = CardGuarantee.objects.filter(reservation=reservation).first()
        feedback = Feedback.objects.filter(reservation=reservation).first()
    cancel_hours = reservation.guarantee_cancel_hours
    has_guarantee = bool(reservation.guarantee_kind)
    free_until = None
    if has_guarantee and cancel_hours is not None:
        free_until = reservation.starts_at - dt.timedelta(hours=cancel_hours)
    past = reservation.starts_at <= now
    return GuestView(
        status=reservation.status,
        awaiting_card=is_awaiting_card(reservation, now),
        card=card,
        guarantee_amount=reservation.guarantee_amount if has_guarantee else None,
        guarantee_currency=reservation.guarantee_currency,
        guarantee_status=reservation.guarantee_status,
        deadline=reservation.guarantee_expires_at
        if reservation.guarantee_status == GuaranteeStatus.REQUESTED
        else None,
        free_cancellation_until=free_until,
        cancellation_always_free=has_guarantee and cancel_hours is None,
        can_cancel=reservation.status in CANCELLABLE and not past,
        can_give_feedback=reservation.status == ReservationStatus.COMPLETED and feedback is None,
        feedback=feedback,
        past=past,
        late_cancellation=bool(
            card is not None
            and card.saved_at is not None
            and reservation.guarantee_status == GuaranteeStatus.ACTIVE
            and free_until is not None
            and now >= free_until
        ),
    )
