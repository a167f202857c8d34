"""Races against the real database: real threads, each on its own connection, one winner."""

import datetime as dt
import threading
from time import sleep

import pytest
from django.db import connection, connections
from django.utils import timezone
from rest_framework.test import APIClient

from reservations.models import Reservation, Shift, TableAllocation
from tests.factories import TableAllocationFactory, TableFactory
from tests.reservations.conftest import DAY
from tests.reservations.helpers import (
    book,
    new_key,
    overlapping_allocations,
    policy_changed,
    post_json,
)

pytestmark = pytest.mark.django_db(transaction=True)

RESERVATION = {
    "service_date": DAY,
    "start_time": "19:30",
    "party_size": 5,
    "guest": {"first_name": "Racer", "last_name": "X", "email": "racer@example.com"},
}
HOLD = {"service_date": DAY, "start_time": "19:30", "party_size": 5}


def race(secret: str, requests: list) -> list[tuple[int, dict, bytes]]:
    """Send every (path, body, key[, method]) at once, each from its own thread and connection.

    Answers come back in the order of the requests.
    """
    barrier = threading.Barrier(len(requests))
    answers: list = [None] * len(requests)
    errors: list = []

    def worker(index: int, path: str, body: dict, key: str | None, method: str = "post") -> None:
        try:
            client = APIClient()
            client.credentials(HTTP_AUTHORIZATION=f"Bearer {secret}")
            barrier.wait(timeout=30)
            if method == "patch":
                response = client.patch(path, body, format="json")
            else:
                response = post_json(client, path, body, key)
            answers[index] = (response.status_code, response.json(), response.content)
        except Exception as error:  # noqa: BLE001 - reported by the assertion below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker, args=(i, *request)) for i, request in enumerate(requests)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not errors, errors
    return answers


def statuses(answers) -> list[int]:
    return sorted(status for status, _, _ in answers)


def test_thirty_threads_racing_for_the_last_table_make_one_booking(api, bistro):
    answers = race(api.secret, [("/v1/reservations", RESERVATION, new_key()) for _ in range(30)])
    assert statuses(answers) == [201] + [422] * 29
    for status, body, _ in answers:
        if status == 422:
            assert [v["code"] for v in body["error"]["violations"]] == ["no_table_available"]
    assert Reservation.objects.count() == 1
    assert overlapping_allocations() == 0


def test_racing_creates_never_exceed_a_covers_cap(api, bistro):
    for n in range(10):
        TableFactory(section=bistro.section, name=f"B{n}", min_capacity=1, max_capacity=2, position=10 + n)
    Shift.objects.filter(pk=bistro.shift.pk).update(max_covers=10)
    policy_changed(bistro.restaurant)
    body = {**RESERVATION, "party_size": 2}
    answers = race(api.secret, [("/v1/reservations", body, new_key()) for _ in range(20)])
    assert statuses(answers) == [201] * 5 + [422] * 15
    for status, answer, _ in answers:
        if status == 422:
            assert [v["code"] for v in answer["error"]["violations"]] == ["slot_no_longer_available"]
    covers = sum(Reservation.objects.values_list("party_size", flat=True))
    assert covers == 10
    assert overlapping_allocations() == 0


def test_racing_holds_and_creates_never_exceed_a_covers_cap(api, bistro):
    for n in range(10):
        TableFactory(section=bistro.section, name=f"B{n}", min_capacity=1, max_capacity=2, position=10 + n)
    Shift.objects.filter(pk=bistro.shift.pk).update(max_covers=7)
    policy_changed(bistro.restaurant)
    requests = []
    for n in range(16):
        if n % 2:
            requests.append(("/v1/reservations", {**RESERVATION, "party_size": 2}, new_key()))
        else:
            requests.append(("/v1/holds", {**HOLD, "party_size": 2}, new_key()))
    answers = race(api.secret, requests)
    assert statuses(answers).count(201) == 3  # 3 x 2 covers fit under 7, a fourth party would need 8
    from holds.models import Hold

    covers = sum(Reservation.objects.values_list("party_size", flat=True)) + sum(
        Hold.objects.filter(status="held").values_list("party_size", flat=True)
    )
    assert covers == 6
    assert overlapping_allocations() == 0


def test_ten_identical_requests_with_one_key_make_one_booking(api, bistro):
    key = new_key()
    answers = race(api.secret, [("/v1/reservations", RESERVATION, key) for _ in range(10)])
    assert statuses(answers) == [201] * 10
    bodies = {content for _, _, content in answers}
    assert len(bodies) == 1
    assert Reservation.objects.count() == 1
    assert Reservation.objects.get().public_id == answers[0][1]["id"]


def test_a_hold_and_a_create_racing_for_one_table_get_one_winner(api, bistro):
    requests = []
    for _n in range(10):
        requests.append(("/v1/holds", HOLD, new_key()))
        requests.append(("/v1/reservations", RESERVATION, new_key()))
    answers = race(api.secret, requests)
    assert statuses(answers) == [201] + [422] * 19
    from holds.models import Hold

    assert Reservation.objects.count() + Hold.objects.count() == 1
    assert overlapping_allocations() == 0


def test_racing_conversions_of_one_hold_make_one_booking(api, bistro):
    from tests.reservations.helpers import take_hold

    made = take_hold(api)
    body = {"hold_id": made["id"], "guest": {"first_name": "Racer"}}
    answers = race(api.secret, [("/v1/reservations", body, new_key()) for _ in range(8)])
    assert statuses(answers) == [201] + [409] * 7
    assert Reservation.objects.count() == 1
    assert overlapping_allocations() == 0


def test_racing_modifies_for_the_last_table(api, bistro):
    first = book(api, party_size=2, start_time="19:00")
    second = book(api, party_size=2, start_time="19:00")
    requests = [(f"/v1/reservations/{rid}", {"party_size": 5}, None, "patch") for rid in (first["id"], second["id"])]
    answers = race(api.secret, requests)
    assert statuses(answers) == [200, 422]
    assert sorted(Reservation.objects.values_list("party_size", flat=True)) == [2, 5]
    assert overlapping_allocations() == 0


def test_the_database_refuses_overlapping_allocations_whatever_the_code_does(api, bistro):
    """The exclusion constraint is the last guard: a second allocation of a taken table fails."""
    from django.db import IntegrityError, transaction

    from reservations.models import TableAllocation

    made = book(api, party_size=5)
    row = TableAllocation.objects.get(reservation__public_id=made["id"])
    other = book(api, party_size=2)
    with pytest.raises(IntegrityError), transaction.atomic():
        TableAllocationFactory(
            restaurant=bistro.restaurant,
            table=row.table,
            reservation=Reservation.objects.get(public_id=other["id"]),
            during=(row.during.lower, row.during.upper),
        )
    assert connection.is_usable()


def test_ten_identical_holds_with_one_key_make_one_hold(api, bistro):
    from holds.models import Hold

    key = new_key()
    answers = race(api.secret, [("/v1/holds", HOLD, key) for _ in range(10)])
    assert statuses(answers) == [201] * 10
    assert len({content for _, _, content in answers}) == 1
    assert Hold.objects.count() == 1
    assert overlapping_allocations() == 0


def test_availability_asked_while_bookings_race_ends_as_a_fresh_read(api, bistro, settings, monkeypatch):
    """Readers answer from the occupancy this process keeps (and the engine's Day over it) while
    writers book and cancel, and take basket holds that lapse a moment later, on other threads:
    once the writers stop and the last deadline has passed, the next answer to every question is
    what a fresh read gives. After a write or a lapse, the kept occupancy is carried through what
    its snapshot could not see (the occupancy log) and the holds lapsed since, while other writes
    commit."""
    from holds.models import Hold
    from reservations.selectors import availability, kept_occupancy

    settings.AVAILABILITY_ANSWER_CACHE_SIZE = 0  # every answer worked out, from the kept occupancy when held
    for n in range(4):
        TableFactory(section=bistro.section, name=f"K{n}", min_capacity=1, max_capacity=4, position=10 + n)
    bistro.restaurant.read_burst, bistro.restaurant.read_per_second = 100_000, 10_000.0  # tested elsewhere
    bistro.restaurant.save(update_fields=["read_burst", "read_per_second"])
    policy_changed(bistro.restaurant)
    kept_occupancy.clear()
    served = []
    real_get = kept_occupancy._kept.get
    monkeypatch.setattr(kept_occupancy._kept, "get", lambda key: served.append(key) or real_get(key))
    carried, real_carried = [], kept_occupancy.Kept.carried
    monkeypatch.setattr(kept_occupancy.Kept, "carried", lambda *a: carried.append(real_carried(*a)) or carried[-1])
    lapses_carried, real_changes = [], availability.load_changes

    def changes(*args, lapsed=(None, None)):
        lapses_carried.append(lapsed[0] != lapsed[1])
        return real_changes(*args, lapsed=lapsed)

    monkeypatch.setattr(availability, "load_changes", changes)
    writers_done, errors = threading.Event(), []
    times = ["19:00", "19:30", "20:00", "20:30", "21:00"]

    def client():
        c = APIClient()
        c.credentials(HTTP_AUTHORIZATION=f"Bearer {api.secret}")
        return c

    def writer(index: int) -> None:
        try:
            c = client()
            for n, time in enumerate(times * 2):
                body = {**RESERVATION, "start_time": time, "party_size": 2 + (index + n) % 3}
                body["guest"] = {**RESERVATION["guest"], "email": f"w{index}-{n}@example.com"}
                response = post_json(c, "/v1/reservations", body)
                if response.status_code == 201 and n % 3 == index % 3:
                    post_json(c, f"/v1/reservations/{response.json()['id']}/cancel", {})
        except Exception as error:  # noqa: BLE001 - reported by the assertion below
            errors.append(error)
        finally:
            connections.close_all()

    def lapser() -> None:
        """Basket holds whose deadline is brought 50 ms near (the API sets five minutes at least)."""
        try:
            c = client()
            for time in times * 2:
                body = {"service_date": DAY, "start_time": time, "party_size": 2}
                response = post_json(c, "/v1/holds", body)
                if response.status_code == 201:
                    deadline = timezone.now() + dt.timedelta(milliseconds=50)  # the tests' clock, not the server's
                    with connection.cursor() as cursor:
                        cursor.execute(
                            f"UPDATE {Hold._meta.db_table} SET expires_at = %s WHERE public_id = %s RETURNING id",
                            [deadline, response.json()["id"]],
                        )
                        (pk,) = cursor.fetchone()
                        allocations = TableAllocation._meta.db_table
                        cursor.execute(f"UPDATE {allocations} SET expires_at = %s WHERE hold_id = %s", [deadline, pk])
                    deadlines.append(deadline)
                    sleep(0.1)  # lapsed while the readers read
        except Exception as error:  # noqa: BLE001 - reported by the assertion below
            errors.append(error)
        finally:
            connections.close_all()

    def reader(index: int) -> None:
        try:
            c, n = client(), 0
            while not writers_done.is_set():
                response = c.get("/v1/availability", {"service_date": DAY, "party_size": 1 + (index + n) % 6})
                assert response.status_code == 200, response.content
                n += 1
        except Exception as error:  # noqa: BLE001 - reported by the assertion below
            errors.append(error)
        finally:
            connections.close_all()

    deadlines = []
    writers = [threading.Thread(target=writer, args=(i,)) for i in range(3)] + [threading.Thread(target=lapser)]
    readers = [threading.Thread(target=reader, args=(i,)) for i in range(3)]
    for thread in writers + readers:
        thread.start()
    for thread in writers:
        thread.join(timeout=120)
    writers_done.set()
    for thread in readers:
        thread.join(timeout=120)
    assert not errors, errors
    assert served and any(carried)  # the readers did ask for kept occupancies, and carried them through writes
    assert deadlines and any(lapses_carried)  # and through lapses
    assert max(deadlines) < timezone.now()  # every hold taken has lapsed

    kept_answers, fresh_answers = [], []
    for size in range(1, 7):
        query = {"service_date": DAY, "party_size": size}
        kept_answers.append(api.get("/v1/availability", query).json())
        kept_occupancy.clear()
        fresh_answers.append(api.get("/v1/availability", query).json())
    assert kept_answers == fresh_answers
    assert Reservation.objects.filter(status="confirmed").exists()
    assert overlapping_allocations() == 0
