"""What the database itself refuses: a row pointing into another restaurant, a status no code knows."""

import datetime as dt

import pytest
from django.db import IntegrityError, connection, transaction

from holds.models import Hold
from reservations.models import Reservation
from tests.factories import (
    CompanyFactory,
    GuestFactory,
    HoldFactory,
    MembershipFactory,
    ReservationFactory,
    RestaurantFactory,
    SectionFactory,
    TableAllocationFactory,
    TableFactory,
)

pytestmark = pytest.mark.django_db


def refused(write) -> None:
    """`write` breaks a constraint: checked at once (the composite keys are deferred to commit)."""
    with pytest.raises(IntegrityError), transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        write()


@pytest.fixture
def two():
    return RestaurantFactory(), RestaurantFactory()


def test_a_booking_cannot_point_at_another_restaurants_rows(two):
    mine, theirs = two
    booking = ReservationFactory(restaurant=mine)
    rows = Reservation.objects.filter(pk=booking.pk)
    refused(lambda: rows.update(guest=GuestFactory(restaurant=theirs)))
    refused(lambda: rows.update(company=CompanyFactory(restaurant=theirs)))
    refused(lambda: rows.update(section_group=SectionFactory(floor_plan__restaurant=theirs)))
    rows.update(company=CompanyFactory(restaurant=mine))  # its own restaurant's rows are fine


def test_an_allocation_cannot_take_another_restaurants_table(two):
    mine, theirs = two
    booking = ReservationFactory(restaurant=mine)
    start = booking.starts_at
    foreign = TableFactory(section__floor_plan__restaurant=theirs)
    refused(
        lambda: TableAllocationFactory(
            restaurant=mine, table=foreign, reservation=booking, during=(start, start + dt.timedelta(hours=2))
        )
    )


def test_a_guest_is_merged_into_a_profile_of_its_own_restaurant_only(two):
    mine, theirs = two
    guest = GuestFactory(restaurant=mine)
    refused(lambda: type(guest).objects.filter(pk=guest.pk).update(merged_into=GuestFactory(restaurant=theirs)))


def test_a_hold_cannot_point_at_another_restaurants_rows(two):
    mine, theirs = two
    hold = HoldFactory(restaurant=mine)
    refused(lambda: Hold.objects.filter(pk=hold.pk).update(reservation=ReservationFactory(restaurant=theirs)))


@pytest.mark.parametrize(
    ("field", "value"),
    [("status", "late"), ("source", "fax"), ("booking_channel", "pigeon"), ("guest_notifications", "never")],
)
def test_a_booking_status_or_choice_no_code_knows_is_refused(field, value):
    booking = ReservationFactory()
    refused(lambda: Reservation.objects.filter(pk=booking.pk).update(**{field: value}))


def test_hold_statuses_and_roles_are_checked():
    hold = HoldFactory()
    refused(lambda: Hold.objects.filter(pk=hold.pk).update(status="lost"))
    membership = MembershipFactory(role="owner")
    refused(lambda: type(membership).objects.filter(pk=membership.pk).update(role="emperor"))


# Foreign-key constraints of the public schema, with their columns in key order.
_FOREIGN_KEYS = """
SELECT c.conrelid::regclass::text, c.conname, array_agg(a.attname ORDER BY k.ord)
FROM pg_constraint c
CROSS JOIN LATERAL unnest(c.conkey) WITH ORDINALITY k(attnum, ord)
JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace
GROUP BY c.conrelid, c.conname
"""


def _foreign_keys() -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """(table, column) pairs a single-column key checks, and those a same_restaurant key checks."""
    with connection.cursor() as cursor:
        cursor.execute(_FOREIGN_KEYS)
        rows = cursor.fetchall()
    single = {(table, columns[0]) for table, _, columns in rows if len(columns) == 1}
    tenant = {
        (table, columns[1]) for table, _, columns in rows if columns[:1] == ["restaurant_id"] and len(columns) == 2
    }
    return single, tenant


def test_a_relation_the_tenant_key_guards_has_no_second_constraint():
    """config.constraints: a same_restaurant key checks the row exists, in the same restaurant; a
    single-column key beside it would check it again, one trigger per row written on every booking."""
    single, tenant = _foreign_keys()
    assert tenant, "no same_restaurant key found"
    assert sorted(single & tenant) == []


def test_a_relation_without_its_own_constraint_is_guarded_by_the_tenant_key():
    """Every foreign key declared db_constraint=False has the same_restaurant key that replaces it."""
    from django.apps import apps

    _, tenant = _foreign_keys()
    unguarded = [
        f"{model.__name__}.{field.name}"
        for model in apps.get_models()
        for field in model._meta.concrete_fields
        if field.is_relation and not field.db_constraint and (model._meta.db_table, field.column) not in tenant
    ]
    assert unguarded == []
