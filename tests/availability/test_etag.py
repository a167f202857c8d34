"""ETag and If-None-Match on both availability endpoints: what moves the tag and what does not."""

import datetime as dt

import pytest
import time_machine

from holds.models import Hold
from reservations.models import Shift, TableAllocation
from reservations.services.availability_version import bump_availability_version
from tests.availability.helpers import NOW, Floor, book, hold, slot_times

FAR = dt.date(2026, 12, 20)  # well past any cutoff: the minute does not matter there
DAY = "/v1/availability"
MONTH = "/v1/availability/months"


def day_query(**params):
    return {"service_date": FAR.isoformat(), "party_size": 5, **params}


def etag(api, path, query) -> str:
    response = api.get(path, query)
    assert response.status_code == 200, response.content
    return response["ETag"]


@pytest.mark.parametrize(("path", "query"), [(DAY, day_query()), (MONTH, {"month": "2026-12"})])
def test_if_none_match_revalidates_with_304(api, floor, path, query):
    with time_machine.travel(NOW, tick=False):
        tag = etag(api, path, query)
        again = api.get(path, query, HTTP_IF_NONE_MATCH=tag)
        assert again.status_code == 304
        assert again["ETag"] == tag
        assert again.content == b""
        assert api.get(path, query, HTTP_IF_NONE_MATCH='"stale"').status_code == 200
        assert api.get(path, query, HTTP_IF_NONE_MATCH=f'"x", W/{tag}').status_code == 304


@pytest.mark.parametrize(("path", "query"), [(DAY, day_query()), (MONTH, {"month": "2027-01"})])
def test_etag_is_stable_while_nothing_changes(api, floor, path, query):
    with time_machine.travel(NOW, tick=False):
        tag = etag(api, path, query)
    with time_machine.travel(NOW + dt.timedelta(minutes=7), tick=False):
        assert etag(api, path, query) == tag


@pytest.mark.parametrize(
    ("path", "query"), [(DAY, {"service_date": "2026-12-01", "party_size": 2}), (MONTH, {"month": "2026-12"})]
)
def test_etag_including_today_follows_the_minute(api, floor, path, query):
    with time_machine.travel(NOW, tick=False):
        tag = etag(api, path, query)
    with time_machine.travel(NOW + dt.timedelta(minutes=1), tick=False):
        assert etag(api, path, query) != tag


@pytest.mark.parametrize(("path", "query"), [(DAY, day_query()), (MONTH, {"month": "2026-12"})])
def test_etag_changes_when_a_booking_is_made(api, floor, path, query):
    with time_machine.travel(NOW, tick=False):
        tag = etag(api, path, query)
        book(floor.restaurant, [floor.b1], date=FAR, size=5, shift=floor.shift)  # bumps, policy unchanged
        response = api.get(path, query, HTTP_IF_NONE_MATCH=tag)
        assert response.status_code == 200 and response["ETag"] != tag


def test_etag_changes_when_a_hold_is_taken(api, floor):
    with time_machine.travel(NOW, tick=False):
        tag = etag(api, DAY, day_query())
        hold(floor.restaurant, [floor.b1], date=FAR, size=5)
        response = api.get(DAY, day_query(), HTTP_IF_NONE_MATCH=tag)
        assert response.status_code == 200
        assert response.json()["shifts"][0]["unavailable_slots"] == ["19:00", "19:30", "20:00", "20:30"]


@pytest.mark.parametrize(("path", "query"), [(DAY, day_query()), (MONTH, {"month": "2026-12"})])
def test_etag_changes_when_the_policy_changes(api, floor, path, query):
    with time_machine.travel(NOW, tick=False):
        tag = etag(api, path, query)
        Shift.objects.filter(pk=floor.shift.pk).update(last_seating=dt.time(21, 0))
        bump_availability_version(floor.restaurant.pk)
        response = api.get(path, query, HTTP_IF_NONE_MATCH=tag)
        assert response.status_code == 200 and response["ETag"] != tag
    if path == DAY:
        assert slot_times(response.json())[-1] == "21:00"  # the cached policy was rebuilt


def test_etag_varies_with_the_query(api, floor):
    other = Floor(floor.restaurant)
    booking = book(floor.restaurant, [floor.b1], date=FAR, size=5)
    with time_machine.travel(NOW, tick=False):
        tags = {
            etag(api, DAY, day_query()),
            etag(api, DAY, day_query(locale="en")),
            etag(api, DAY, day_query(excluding=booking.public_id)),
            etag(api, DAY, day_query(party_size=4)),
            etag(api, DAY, day_query(service_date="2026-12-21")),
            etag(api, DAY, day_query(section_id=floor.b.public_id)),
            etag(api, DAY, day_query(section_id=other.b.public_id)),
        }
        assert len(tags) == 7
        months = {
            etag(api, MONTH, {"month": "2026-12"}),
            etag(api, MONTH, {"month": "2026-12", "locale": "en"}),
            etag(api, MONTH, {"month": "2026-12", "excluding": booking.public_id}),
            etag(api, MONTH, {"month": "2027-01"}),
        }
        assert len(months) == 4


def test_a_member_section_and_its_leader_share_body_and_etag(api, floor):
    with time_machine.travel(NOW, tick=False):
        leader = api.get(DAY, day_query(section_id=floor.a.public_id))
        member = api.get(DAY, day_query(section_id=floor.a2.public_id))
    assert leader.json() == member.json()
    assert leader["ETag"] == member["ETag"]


def test_etag_changes_when_a_basket_hold_lapses_and_never_comes_back(api, floor):
    restaurant = floor.restaurant
    with time_machine.travel(NOW, tick=False):
        taken = hold(restaurant, [floor.b1], date=FAR, size=5, expires_at=NOW + dt.timedelta(minutes=10))
        live = api.get(DAY, day_query())
        assert live.json()["shifts"][0]["unavailable_slots"] == ["19:00", "19:30", "20:00", "20:30"]
    with time_machine.travel(NOW + dt.timedelta(minutes=9, seconds=59), tick=False):
        assert etag(api, DAY, day_query()) == live["ETag"]
    with time_machine.travel(NOW + dt.timedelta(minutes=10, seconds=1), tick=False):
        lapsed = api.get(DAY, day_query(), HTTP_IF_NONE_MATCH=live["ETag"])
        assert lapsed.status_code == 200
        assert lapsed["ETag"] != live["ETag"]
        assert len(lapsed.json()["shifts"][0]["slots"]) == 7
        # Marking the lapsed hold expired (as a release of a lapsed hold does, with no version bump)
        # changes nothing that is shown, and never brings back the tag of the live hold.
        Hold.objects.filter(pk=taken.pk).update(status="expired", ended_at=taken.expires_at)
        TableAllocation.objects.filter(hold=taken).delete()
        after = api.get(DAY, day_query(), HTTP_IF_NONE_MATCH=live["ETag"])
        assert after.status_code == 200 and after["ETag"] == lapsed["ETag"]
        month = api.get(MONTH, {"month": "2026-12"})
        assert month["ETag"]


def test_month_etag_changes_when_a_basket_hold_lapses(api, floor):
    with time_machine.travel(NOW, tick=False):
        hold(floor.restaurant, [floor.b1], date=FAR, size=5, expires_at=NOW + dt.timedelta(minutes=10))
        tag = etag(api, MONTH, {"month": "2026-12"})
    with time_machine.travel(NOW + dt.timedelta(minutes=11), tick=False):
        response = api.get(MONTH, {"month": "2026-12"}, HTTP_IF_NONE_MATCH=tag)
        assert response.status_code == 200
        assert response.json()["days"][19]["party_sizes"] == [1, 2, 3, 4, 5, 6]
