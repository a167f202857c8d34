"""Idempotent writes through a tests-only create of companies (run_idempotently)."""

import datetime as dt
import threading

import pytest
import time_machine
from django.db import connection
from django.utils import timezone
from rest_framework.test import APIClient

from apikeys.models import IdempotencyRecord
from reservations.models import Company
from tests.factories import ALL_SCOPES, CompanyFactory, RestaurantFactory, make_key
from tests.platform.helpers import assert_error

pytestmark = pytest.mark.urls("tests.platform.urls")

CREATE = "/v1/_test/companies/create"
CREATE_OPTIONAL = "/v1/_test/companies/create-optional"
CREATE_SLOW = "/v1/_test/companies/create-slow"
REPLAYED = "Idempotent-Replayed"


def post(client, body, key=None, url=CREATE):
    extra = {} if key is None else {"HTTP_IDEMPOTENCY_KEY": key}
    return client.post(url, body, format="json", **extra)


def test_same_key_same_body_replays_the_first_response(api, restaurant):
    first = post(api, {"name": "Acme"}, "key-1")
    assert first.status_code == 201, first.content
    assert not first.has_header(REPLAYED)
    second = post(api, {"name": "Acme"}, "key-1")
    assert second.status_code == 201
    assert second[REPLAYED] == "true"
    assert second.content == first.content
    assert second["Content-Type"] == first["Content-Type"]
    assert second["Location"] == first["Location"] == f"/v1/_test/companies/{first.json()['id']}"
    assert Company.objects.filter(restaurant=restaurant).count() == 1
    third = post(api, {"name": "Acme"}, "key-1")
    assert third.content == first.content and third[REPLAYED] == "true"


def test_replay_carries_the_platform_headers(api):
    post(api, {"name": "Acme"}, "key-1")
    replay = post(api, {"name": "Acme"}, "key-1")
    assert replay["Service-Version"] == "2026-06-27"
    assert replay["X-Request-Id"]
    assert replay["RateLimit-Resource"] == "write"


def test_body_key_order_and_whitespace_do_not_matter(api, restaurant):
    first = api.post(
        CREATE, b'{"name": "Acme", "override": []}', content_type="application/json", HTTP_IDEMPOTENCY_KEY="k"
    )
    second = api.post(
        CREATE, b'{ "override":[],"name":"Acme" }', content_type="application/json", HTTP_IDEMPOTENCY_KEY="k"
    )
    assert second[REPLAYED] == "true" and second.content == first.content


def test_same_key_different_body_is_idempotency_key_reused(api, restaurant):
    first = post(api, {"name": "Acme"}, "key-1")
    response = post(api, {"name": "Other"}, "key-1")
    assert_error(response, 422, "idempotency_key_reused", param="Idempotency-Key")
    assert not response.has_header(REPLAYED)
    assert first.json()["id"] not in response.content.decode()
    assert list(Company.objects.filter(restaurant=restaurant).values_list("name", flat=True)) == ["Acme"]


def test_same_key_on_another_path_is_reused(api, restaurant):
    post(api, {"name": "Acme"}, "key-1")
    assert_error(
        post(api, {"name": "Acme"}, "key-1", url=CREATE_OPTIONAL),
        422,
        "idempotency_key_reused",
        param="Idempotency-Key",
    )


def test_override_is_not_part_of_what_the_key_identifies(api, restaurant):
    first = post(api, {"name": "Acme"}, "key-1")
    again = post(api, {"name": "Acme", "override": ["cutoff_passed"]}, "key-1")
    assert again.status_code == 201 and again[REPLAYED] == "true"
    assert again.content == first.content
    also = post(api, {"name": "Acme", "override": []}, "key-1")
    assert also[REPLAYED] == "true"
    assert Company.objects.filter(restaurant=restaurant).count() == 1


def test_other_fields_are_part_of_it(api):
    post(api, {"name": "Acme"}, "key-1")
    response = post(api, {"name": "Acme", "excluded_from_shift_limits": False}, "key-1")
    assert_error(response, 422, "idempotency_key_reused", param="Idempotency-Key")


def test_a_refusal_is_not_remembered(api, restaurant):
    taken = CompanyFactory(restaurant=restaurant, name="Acme")
    refused = post(api, {"name": "Acme"}, "key-1")
    assert_error(refused, 409, "company_exists", param="name")
    taken.delete()
    retried = post(api, {"name": "Acme"}, "key-1")
    assert retried.status_code == 201, retried.content
    assert not retried.has_header(REPLAYED)


def test_a_refusal_does_not_bind_the_key_to_its_body(api):
    assert_error(post(api, {"name": ""}, "key-1"), 400, "bad_request", param="name")
    fixed = post(api, {"name": "Acme", "override": ["cutoff_passed"]}, "key-1")
    assert fixed.status_code == 201 and not fixed.has_header(REPLAYED)


def test_a_server_error_changes_nothing_and_is_not_remembered(restaurant, make_client):
    client = make_client(restaurant)
    client.raise_request_exception = False
    failed = post(client, {"name": "boom"}, "key-1")
    assert_error(failed, 500, "api_error")
    assert not Company.objects.filter(restaurant=restaurant).exists()  # the write rolled back
    assert not IdempotencyRecord.objects.filter(restaurant=restaurant).exists()
    assert_error(post(client, {"name": "boom"}, "key-1"), 500, "api_error")


@pytest.mark.parametrize(
    "key",
    ["k" * 256, "k" * 1000, "abc\x01def", "tab\there", "del\x7f", "unit\x1fsep", ""],
)
def test_invalid_key_is_idempotency_key_invalid(key, api, restaurant):
    response = post(api, {"name": "Acme"}, key)
    assert_error(response, 400, "idempotency_key_invalid", param="Idempotency-Key")
    assert not Company.objects.filter(restaurant=restaurant).exists()


def test_key_of_255_characters_is_accepted_whole(api, restaurant):
    key = "k" * 254 + "z"
    assert post(api, {"name": "Acme"}, key).status_code == 201
    assert IdempotencyRecord.objects.get(restaurant=restaurant).key == key
    # never truncated: a key sharing its first 255 characters is a different (invalid) key
    assert_error(post(api, {"name": "Acme"}, key + "x"), 400, "idempotency_key_invalid", param="Idempotency-Key")


def test_missing_key_where_required_is_bad_request(api, restaurant):
    response = post(api, {"name": "Acme"})
    assert_error(response, 400, "idempotency_key_invalid", param="Idempotency-Key")
    assert not Company.objects.filter(restaurant=restaurant).exists()


def test_optional_key_may_be_omitted(api, restaurant):
    first = post(api, {"name": "Acme"}, url=CREATE_OPTIONAL)
    assert first.status_code == 201 and not first.has_header(REPLAYED)
    assert not IdempotencyRecord.objects.exists()
    assert_error(post(api, {"name": "Acme"}, url=CREATE_OPTIONAL), 409, "company_exists", param="name")
    keyed = post(api, {"name": "Beta"}, "opt-1", url=CREATE_OPTIONAL)
    assert post(api, {"name": "Beta"}, "opt-1", url=CREATE_OPTIONAL).content == keyed.content


def test_keys_are_scoped_to_the_restaurant(make_client, db):
    a, b = RestaurantFactory(), RestaurantFactory()
    at_a = post(make_client(a), {"name": "Acme"}, "shared-key")
    at_b = post(make_client(b), {"name": "Acme"}, "shared-key")
    assert at_a.status_code == at_b.status_code == 201
    assert not at_a.has_header(REPLAYED) and not at_b.has_header(REPLAYED)
    assert at_a.json()["id"] != at_b.json()["id"]
    assert Company.objects.filter(restaurant=a).count() == Company.objects.filter(restaurant=b).count() == 1


def test_keys_are_shared_by_the_keys_of_one_restaurant(restaurant, make_client):
    first = post(make_client(restaurant), {"name": "Acme"}, "shared-key")
    second = post(make_client(restaurant), {"name": "Acme"}, "shared-key")
    assert second[REPLAYED] == "true" and second.content == first.content


def test_a_record_is_remembered_72_hours_then_forgotten(api, restaurant):
    start = timezone.now()
    with time_machine.travel(start, tick=False):
        first = post(api, {"name": "Acme"}, "key-1")
    with time_machine.travel(start + dt.timedelta(hours=71, minutes=59), tick=False):
        replay = post(api, {"name": "Acme"}, "key-1")
        assert replay[REPLAYED] == "true" and replay.content == first.content
        assert_error(post(api, {"name": "Other"}, "key-1"), 422, "idempotency_key_reused", param="Idempotency-Key")
    with time_machine.travel(start + dt.timedelta(hours=72, minutes=1), tick=False):
        Company.objects.filter(restaurant=restaurant).delete()
        again = post(api, {"name": "Acme"}, "key-1")
        assert again.status_code == 201 and not again.has_header(REPLAYED)
        assert again.json()["id"] != first.json()["id"]
        other = post(api, {"name": "Other"}, "key-2")
        assert other.status_code == 201
    assert IdempotencyRecord.objects.filter(restaurant=restaurant).count() == 2


@pytest.mark.django_db(transaction=True)
def test_concurrent_duplicates_create_one_row_and_replay_it():
    restaurant = RestaurantFactory()
    _, secret = make_key(restaurant, ALL_SCOPES)
    threads_count = 10
    barrier = threading.Barrier(threads_count)
    results: list = [None] * threads_count

    def send(index: int) -> None:
        try:
            client = APIClient()
            client.credentials(HTTP_AUTHORIZATION=f"Bearer {secret}")
            barrier.wait(timeout=10)
            response = post(client, {"name": "Race"}, "race-key", url=CREATE_SLOW)
            results[index] = (response.status_code, response.content, response.get(REPLAYED))
        except Exception as exc:  # surfaced by the assertions below
            results[index] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=send, args=(index,)) for index in range(threads_count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert all(isinstance(result, tuple) for result in results), results
    assert {status for status, _, _ in results} == {201}
    assert len({content for _, content, _ in results}) == 1
    assert sorted(str(replayed) for _, _, replayed in results) == ["None"] + ["true"] * 9
    assert Company.objects.filter(restaurant=restaurant).count() == 1
    assert IdempotencyRecord.objects.filter(restaurant=restaurant).count() == 1
