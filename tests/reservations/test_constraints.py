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
