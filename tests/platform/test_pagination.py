"""The one keyset paginator, through a tests-only list of companies (created_at descending)."""

import datetime as dt

import pytest
from django.utils import timezone

from reservations.models import Company
from tests.factories import CompanyFactory, RestaurantFactory
from tests.platform.helpers import assert_error

pytestmark = pytest.mark.urls("tests.platform.urls")

URL = "/v1/_test/companies"


def make_companies(restaurant, count: int) -> list[str]:
    """`count` companies one minute apart; returns their ids newest first (the list order)."""
    start = timezone.now() - dt.timedelta(days=1)
    ids = []
    for index in range(count):
        row = CompanyFactory(restaurant=restaurant, name=f"Company {index:03d}")
        Company.objects.filter(pk=row.pk).update(created_at=start + dt.timedelta(minutes=index))
        ids.append(row.public_id)
    return ids[::-1]


def page(api, **params):
    query = "&".join(f"{name}={value}" for name, value in params.items())
    response = api.get(f"{URL}?{query}" if query else URL)
    assert response.status_code == 200, response.content
    body = response.json()
    assert set(body) == {"object", "data", "has_more"}
    assert body["object"] == "list"
    return [row["id"] for row in body["data"]], body["has_more"]


def test_default_page_is_20(api, restaurant):
    ids = make_companies(restaurant, 45)
    assert page(api) == (ids[:20], True)


def test_empty_list(api):
    assert page(api) == ([], False)


def test_exact_fit_has_no_more(api, restaurant):
    ids = make_companies(restaurant, 20)
    assert page(api) == (ids, False)
    assert page(api, limit=19) == (ids[:19], True)


@pytest.mark.parametrize("limit", [1, 7, 100])
def test_limit_in_range(limit, api, restaurant):
    ids = make_companies(restaurant, 101)
    assert page(api, limit=limit) == (ids[:limit], True)


def test_limit_above_100_lowered_to_100(api, restaurant):
    ids = make_companies(restaurant, 130)
    assert page(api, limit=101) == (ids[:100], True)
    assert page(api, limit=10_000) == (ids[:100], True)


def test_limit_lowered_to_25_with_expand(api, restaurant):
    ids = make_companies(restaurant, 40)
    assert page(api, limit=100, expand="events") == (ids[:25], True)
    assert page(api, limit=26, expand="events") == (ids[:25], True)
    assert page(api, limit=10, expand="events") == (ids[:10], True)
    assert page(api, expand="events") == (ids[:20], True)


@pytest.mark.parametrize("limit", ["0", "-1", "-100", "1.5", "abc", "", "1e2", "true", "%201%20x"])
def test_bad_limit_is_bad_request(limit, api):
    assert_error(api.get(f"{URL}?limit={limit}"), 400, "bad_request", param="limit")


def test_walk_forwards_with_starting_after(api, restaurant):
    ids = make_companies(restaurant, 25)
    first, more = page(api, limit=10)
    assert (first, more) == (ids[:10], True)
    second, more = page(api, limit=10, starting_after=first[-1])
    assert (second, more) == (ids[10:20], True)
    third, more = page(api, limit=10, starting_after=second[-1])
    assert (third, more) == (ids[20:], False)


def test_walk_backwards_with_ending_before(api, restaurant):
    ids = make_companies(restaurant, 25)
    assert page(api, limit=10, ending_before=ids[24]) == (ids[14:24], True)
    assert page(api, limit=10, ending_before=ids[14]) == (ids[4:14], True)
    assert page(api, limit=10, ending_before=ids[4]) == (ids[:4], False)
    assert page(api, limit=10, ending_before=ids[0]) == ([], False)


def test_starting_after_the_last_is_empty(api, restaurant):
    ids = make_companies(restaurant, 3)
    assert page(api, starting_after=ids[-1]) == ([], False)


def test_ending_before_ignored_when_starting_after_sent(api, restaurant):
    ids = make_companies(restaurant, 10)
    assert page(api, limit=3, starting_after=ids[2], ending_before=ids[9]) == (ids[3:6], True)
    # even an ending_before the list cannot find is ignored
    assert page(api, limit=3, starting_after=ids[2], ending_before="cmp_unknown") == (ids[3:6], True)


@pytest.mark.parametrize("param", ["starting_after", "ending_before"])
def test_unknown_cursor_names_the_param(param, api, restaurant):
    make_companies(restaurant, 3)
    assert_error(api.get(f"{URL}?{param}=cmp_doesnotexist"), 400, "bad_request", param=param)
    assert_error(api.get(f"{URL}?{param}="), 400, "bad_request", param=param)


@pytest.mark.parametrize("param", ["starting_after", "ending_before"])
def test_cursor_of_another_restaurant_is_bad_request(param, api, restaurant):
    make_companies(restaurant, 3)
    foreign = CompanyFactory(restaurant=RestaurantFactory())
    assert_error(api.get(f"{URL}?{param}={foreign.public_id}"), 400, "bad_request", param=param)


def test_other_restaurants_rows_never_listed(api, restaurant):
    ids = make_companies(restaurant, 3)
    make_companies(RestaurantFactory(), 5)
    assert page(api) == (ids, False)


def test_ties_broken_deterministically(api, restaurant):
    same = timezone.now() - dt.timedelta(hours=1)
    rows = [CompanyFactory(restaurant=restaurant, name=f"Tied {index}") for index in range(7)]
    Company.objects.filter(pk__in=[row.pk for row in rows]).update(created_at=same)
    newer = CompanyFactory(restaurant=restaurant, name="Newer")
    full, _ = page(api, limit=100)
    assert full[0] == newer.public_id
    assert page(api, limit=100) == (full, False)  # stable across calls
    walked, cursor, more = [], None, True
    while more:
        params = {"limit": 2} if cursor is None else {"limit": 2, "starting_after": cursor}
        ids, more = page(api, **params)
        walked += ids
        cursor = ids[-1] if ids else None
    assert walked == full
    backwards, cursor = [], None
    ids, more = page(api, limit=2, ending_before=full[-1])
    backwards = ids
    while more:
        ids, more = page(api, limit=2, ending_before=backwards[0])
        backwards = ids + backwards
    assert backwards == full[:-1]


def test_rows_added_while_paging_do_not_shift_the_next_page(api, restaurant):
    ids = make_companies(restaurant, 6)
    first, _ = page(api, limit=3)
    CompanyFactory(restaurant=restaurant, name="Brand new")  # newest: lands before the cursor
    assert page(api, limit=3, starting_after=first[-1]) == (ids[3:6], False)
