"""Policy edits never strand a booking silently: a table shrunk below a booked party saves with
a warning listing the bookings; deleting what bookings depend on is refused, the bookings listed."""

import datetime as dt

import pytest
from django.test import Client

from reservations.models import Reservation, Shift, Table
from tests.factories import CompanyFactory, MembershipFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def manager(floor):
    client = Client()
    client.force_login(MembershipFactory(user__username="mgr", restaurant=floor.restaurant, role="manager").user)
    return client


def table_payload(table, **changes) -> dict:
    data = {
        "section": table.section_id,
        "name": table.name,
        "min_capacity": table.min_capacity,
        "max_capacity": table.max_capacity,
        "bookable_online": "on" if table.bookable_online else "",
        "position": table.position,
    }
    data.update(changes)
    return {k: v for k, v in data.items() if v != ""}


def test_shrinking_a_table_below_a_booked_party_warns_and_lists_the_bookings(floor, manager):
    booking = floor.book([floor.t6], size=5)
    small = floor.book([floor.t6], size=2, at=dt.time(21, 30))
    response = manager.post(
        f"/admin/reservations/table/{floor.t6.pk}/change/", table_payload(floor.t6, max_capacity=4), follow=True
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert Table.objects.get(pk=floor.t6.pk).max_capacity == 4
    assert "no longer fit" in page and booking.public_id in page and small.public_id not in page
    assert Reservation.objects.get(pk=booking.pk).party_size == 5  # the booking itself is untouched


def test_deleting_a_table_with_bookings_is_refused_with_the_bookings_listed(floor, manager):
    booking = floor.book([floor.t4])
    page = manager.get(f"/admin/reservations/table/{floor.t4.pk}/delete/").content.decode()
    assert booking.public_id in page and 'value="yes"' not in page  # no confirm button
    response = manager.post(f"/admin/reservations/table/{floor.t4.pk}/delete/", {"post": "yes"})
    assert response.status_code in (200, 403)
    assert Table.objects.filter(pk=floor.t4.pk).exists()
    assert list(Reservation.objects.get(pk=booking.pk).tables.all()) == [floor.t4]
    # A table without bookings goes.
    manager.post(f"/admin/reservations/table/{floor.t2.pk}/delete/", {"post": "yes"})
    assert not Table.objects.filter(pk=floor.t2.pk).exists()


def test_bulk_deleting_tables_with_bookings_is_refused(floor, manager):
    floor.book([floor.t4])
    response = manager.post(
        "/admin/reservations/table/",
        {"action": "delete_selected", "_selected_action": [floor.t4.pk, floor.t2.pk], "post": "yes"},
    )
    assert response.status_code in (200, 403)
    assert Table.objects.filter(pk=floor.t4.pk).exists()


def test_deleting_a_shift_or_company_bookings_use_is_refused(floor, manager):
    company = CompanyFactory(restaurant=floor.restaurant)
    booking = floor.book([floor.t4], company=company)
    for url in (
        f"/admin/reservations/shift/{floor.shift.pk}/delete/",
        f"/admin/reservations/company/{company.pk}/delete/",
    ):
        assert booking.public_id in manager.get(url).content.decode()
        manager.post(url, {"post": "yes"})
    booking = Reservation.objects.get(pk=booking.pk)
    assert booking.shift_id == floor.shift.pk and booking.company_id == company.pk
    assert Shift.objects.filter(pk=floor.shift.pk).exists()


def test_deleting_a_table_inline_with_bookings_is_refused(floor, manager):
    floor.book([floor.t4])
    section = floor.section
    tables = list(section.tables.order_by("pk"))
    data = {
        "floor_plan": section.floor_plan_id,
        "name": section.name,
        "area_type": section.area_type,
        "bookable_online": "on",
        "position": section.position,
        "tables-TOTAL_FORMS": len(tables),
        "tables-INITIAL_FORMS": len(tables),
        "tables-MIN_NUM_FORMS": 0,
        "tables-MAX_NUM_FORMS": 1000,
    }
    for i, table in enumerate(tables):
        data.update(
            {
                f"tables-{i}-id": table.pk,
                f"tables-{i}-section": section.pk,
                f"tables-{i}-name": table.name,
                f"tables-{i}-min_capacity": table.min_capacity,
                f"tables-{i}-max_capacity": table.max_capacity,
                f"tables-{i}-bookable_online": "on",
                f"tables-{i}-position": table.position,
            }
        )
        if table.pk == floor.t4.pk:
            data[f"tables-{i}-DELETE"] = "on"
    response = manager.post(f"/admin/reservations/section/{section.pk}/change/", data)
    assert response.status_code == 200  # the form again, with the refusal
    assert "bookings depend on it" in response.content.decode()
    assert Table.objects.filter(pk=floor.t4.pk).exists()
