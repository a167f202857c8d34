"""The factories build rows as the services leave them (the other tests rely on it)."""

import datetime as dt

import pytest
from django.contrib.auth import authenticate
from django.db.backends.postgresql.psycopg_any import DateTimeTZRange

from apikeys.secrets import hash_secret
from reservations.models import TableAllocation
from tests.factories import (
    PASSWORD,
    ApiKeyFactory,
    BlockFactory,
    CombinationFactory,
    HoldFactory,
    MembershipFactory,
    ReservationEventFactory,
    ReservationFactory,
    RestaurantFactory,
    SectionFactory,
    TableAllocationFactory,
    TableFactory,
    UserFactory,
    make_key,
)

pytestmark = pytest.mark.django_db
PARIS_WINTER = dt.timezone(dt.timedelta(hours=1))


def test_a_reservation_is_a_confirmed_booking_of_one_restaurant_without_tables():
    booking = ReservationFactory(service_date=dt.date(2026, 12, 5))
    assert booking.status == "confirmed" and booking.party_size == 2
    assert booking.shift.restaurant == booking.restaurant == booking.guest.restaurant
    assert booking.shift.floor_plan.restaurant == booking.restaurant
    assert booking.starts_at == dt.datetime(2026, 12, 5, 19, 30, tzinfo=PARIS_WINTER)
    assert booking.ends_at == dt.datetime(2026, 12, 5, 21, 30, tzinfo=PARIS_WINTER)
    assert len(booking.modification_token) == 32
    assert not booking.tables.exists() and not booking.allocations.exists()


def test_an_event_belongs_to_its_bookings_restaurant():
    event = ReservationEventFactory()
    assert event.restaurant == event.reservation.restaurant and event.type == "reservation.created"


def test_a_reservation_with_tables_has_their_allocations():
    restaurant = RestaurantFactory(timezone="America/New_York")
    tables = TableFactory.create_batch(2, section__floor_plan__restaurant=restaurant)
    booking = ReservationFactory(
        restaurant=restaurant, service_date=dt.date(2026, 7, 1), at=dt.time(20, 0), minutes=90, tables=tables
    )
    start = dt.datetime(2026, 7, 2, 0, 0, tzinfo=dt.UTC)
    assert booking.starts_at == start
    assert sorted(booking.tables.all(), key=lambda t: t.pk) == tables
    rows = TableAllocation.objects.filter(reservation=booking).order_by("table_id")
    assert [row.table for row in rows] == tables
    assert {row.during for row in rows} == {DateTimeTZRange(start, start + dt.timedelta(minutes=90), "[)")}
    assert {(row.restaurant_id, row.hold_id, row.expires_at) for row in rows} == {(restaurant.pk, None, None)}


def test_allocations_only_while_occupying_and_never_when_refused():
    table = TableFactory()
    restaurant = table.restaurant
    cancelled = ReservationFactory(restaurant=restaurant, status="cancelled", tables=[table])
    unallocated = ReservationFactory(restaurant=restaurant, tables=[table], allocations=False)
    assert cancelled.tables.get() == table and not cancelled.allocations.exists()
    assert unallocated.tables.get() == table and not unallocated.allocations.exists()


def test_a_hold_with_tables_has_allocations_carrying_a_basket_deadline():
    table, other = TableFactory.create_batch(2)
    basket = HoldFactory(restaurant=table.restaurant, tables=[table])
    assert basket.status == "held" and basket.kind == "basket" and basket.expires_at
    row = basket.allocations.get()
    assert (row.table, row.expires_at, row.reservation_id) == (table, basket.expires_at, None)
    commitment = HoldFactory(restaurant=other.restaurant, kind="commitment", tables=[other])
    assert commitment.allocations.get().expires_at is None
    ended = HoldFactory(restaurant=other.restaurant, status="released", tables=[other])
    assert ended.tables.get() == other and not ended.allocations.exists()


def test_a_single_allocation_takes_its_owners_range():
    booking = ReservationFactory()
    row = TableAllocationFactory(table__section__floor_plan__restaurant=booking.restaurant, reservation=booking)
    row.refresh_from_db()
    assert (row.during.lower, row.during.upper) == (booking.starts_at, booking.ends_at)
    hold = HoldFactory()
    row = TableAllocationFactory(table__section__floor_plan__restaurant=hold.restaurant, hold=hold)
    assert (row.hold, row.reservation) == (hold, None)


def test_combinations_and_blocks_link_their_tables():
    first, second = TableFactory.create_batch(2, section=SectionFactory())
    combination = CombinationFactory(floor_plan=first.section.floor_plan, tables=[first, second])
    assert set(combination.tables.all()) == {first, second}
    assert BlockFactory(restaurant=first.restaurant, tables=[first]).tables.get() == first
    assert not BlockFactory(restaurant=first.restaurant).tables.exists()


def test_an_api_key_exposes_its_secret_and_stores_only_its_hash():
    key = ApiKeyFactory()
    assert key.secret.startswith("sk_live_")
    key.refresh_from_db()
    assert key.secret_hash == hash_secret(key.secret) and key.last4 == key.secret[-4:]
    assert key.scopes == ["reservations:read"] and key.is_live
    made, secret = make_key(key.restaurant, ["guests:read"], name="Named")
    assert (made.name, made.scopes, made.secret) == ("Named", ["guests:read"], secret)


def test_users_log_in_with_the_password_and_superusers_are_superusers(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    staff = UserFactory()
    assert staff.is_staff and not staff.is_superuser
    assert authenticate(username=staff.username, password=PASSWORD) == staff
    root = UserFactory(superuser=True)
    assert root.is_staff and root.is_superuser
    assert not UserFactory(password=None).has_usable_password()
    membership = MembershipFactory(role="host")
    assert membership.user.is_staff and membership.role == "host"


def test_a_card_guarantee_is_a_saved_test_card_on_its_booking():
    from reservations.models import SimulatedCardIntent
    from tests.factories.guarantees import CardGuaranteeFactory, FeedbackFactory, GuaranteeChargeFactory

    card = CardGuaranteeFactory()
    booking = card.reservation
    assert (booking.guarantee_status, booking.guarantee_amount, card.amount) == ("active", 3000, 3000)
    intent = SimulatedCardIntent.objects.get(intent_id=card.intent_id)
    assert (intent.status, intent.payment_method_id, intent.restaurant) == (
        "saved",
        card.payment_method_id,
        card.restaurant,
    )
    charge = GuaranteeChargeFactory(card=card, amount=1000)
    card.refresh_from_db()
    assert card.charged == 1000 and charge.charge_id.startswith("ch_test_")
    feedback = FeedbackFactory()
    assert feedback.reservation.status == "completed" and feedback.public_id.startswith("fbk_")
