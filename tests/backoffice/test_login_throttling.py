"""Back-office login throttling (django-axes): 5 wrong passwords for one username from one IP
address lock that pair out of /admin/login/ for 15 minutes; the /v1 API is never affected."""

import datetime as dt

import pytest
import time_machine
from axes.models import AccessAttempt
from django.core.management import call_command
from django.test import Client

from tests.backoffice.conftest import PASSWORD
from tests.factories import UserFactory

LOGIN = "/admin/login/"
ATTACKER_IP = "203.0.113.7"
WRONG_PASSWORD_ERROR = "Please enter the correct username and password for a staff account."
LOCKED_OUT = "Account locked: too many login attempts"


@pytest.fixture
def staff(db):
    return UserFactory(username="alpha-manager", password=PASSWORD)


def log_in(client, username, password, ip=ATTACKER_IP):
    return client.post(LOGIN, {"username": username, "password": password, "next": "/admin/"}, REMOTE_ADDR=ip)


def logged_in(client) -> bool:
    return client.get("/admin/").status_code == 200


def lock_out(client, username, ip=ATTACKER_IP):
    """Five wrong passwords: the first four get the form back, the fifth the lockout."""
    for attempt in range(1, 5):
        response = log_in(client, username, f"wrong password {attempt}", ip)
        assert response.status_code == 200, attempt
        assert WRONG_PASSWORD_ERROR in response.content.decode()
    response = log_in(client, username, "wrong password 5", ip)
    assert response.status_code == 429
    assert LOCKED_OUT in response.content.decode()


def test_a_sixth_wrong_password_is_refused_and_so_is_the_right_one_until_reset(staff):
    client = Client()
    lock_out(client, staff.username)

    response = log_in(client, staff.username, "wrong password 6")
    assert response.status_code == 429 and LOCKED_OUT in response.content.decode()
    response = log_in(client, staff.username, PASSWORD)
    assert response.status_code == 429 and LOCKED_OUT in response.content.decode()
    assert not logged_in(client)

    call_command("axes_reset_username", staff.username, verbosity=0)
    response = log_in(client, staff.username, PASSWORD)
    assert response.status_code == 302 and response["Location"] == "/admin/"
    assert logged_in(client)


def test_the_lockout_ends_after_the_cool_off(staff):
    client = Client()
    with time_machine.travel(dt.datetime.now(dt.UTC), tick=False) as clock:
        lock_out(client, staff.username)
        clock.shift(dt.timedelta(minutes=14))
        assert log_in(client, staff.username, PASSWORD).status_code == 429
        # That refused try restarted the 15 minutes.
        clock.shift(dt.timedelta(minutes=14))
        assert log_in(client, staff.username, PASSWORD).status_code == 429
        clock.shift(dt.timedelta(minutes=15, seconds=1))
        response = log_in(client, staff.username, PASSWORD)
    assert response.status_code == 302
    assert logged_in(client)


def test_the_lock_is_on_the_username_and_ip_pair(staff):
    other = UserFactory(username="alpha-host", password=PASSWORD)
    lock_out(Client(), staff.username)

    same_user_elsewhere = Client()
    assert log_in(same_user_elsewhere, staff.username, PASSWORD, ip="198.51.100.20").status_code == 302
    assert logged_in(same_user_elsewhere)
    other_user_same_ip = Client()
    assert log_in(other_user_same_ip, other.username, PASSWORD).status_code == 302
    assert logged_in(other_user_same_ip)


def test_a_right_password_clears_earlier_failures(staff):
    client = Client()
    for attempt in range(4):
        assert log_in(client, staff.username, f"typo {attempt}").status_code == 200
    assert log_in(client, staff.username, PASSWORD).status_code == 302
    client.post("/admin/logout/")
    for attempt in range(4):
        assert log_in(client, staff.username, f"typo again {attempt}").status_code == 200
    assert log_in(client, staff.username, PASSWORD).status_code == 302


def test_the_api_ignores_back_office_lockouts_and_never_counts_bad_keys(staff, restaurant, make_client):
    lock_out(Client(), staff.username)
    attempts = list(AccessAttempt.objects.values_list("username", "ip_address", "failures_since_start"))
    assert attempts == [(staff.username, ATTACKER_IP, 5)]

    api = make_client(restaurant)
    response = api.get("/v1/ping", REMOTE_ADDR=ATTACKER_IP)
    assert response.status_code == 200 and response.json() == {"object": "ping", "ok": True}

    for attempt in range(10):
        response = Client().get(
            "/v1/ping", HTTP_AUTHORIZATION=f"Bearer sk_live_wrong{attempt}", REMOTE_ADDR=ATTACKER_IP
        )
        assert response.status_code == 401
        assert response.json()["error"]["code"] == "invalid_token"
    assert list(AccessAttempt.objects.values_list("username", "ip_address", "failures_since_start")) == attempts
    assert api.get("/v1/ping", REMOTE_ADDR=ATTACKER_IP).status_code == 200
