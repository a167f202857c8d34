"""Back-office login throttling (django-axes): 5 wrong passwords from one address, whatever the
usernames, or for one username, whatever the addresses, lock that address or that username out of
/admin/login/ for 15 minutes (issue 33: a spray of usernames from one address was never slowed);
behind a proxy the address is read from X-Forwarded-For; the /v1 API is never affected. An off-site
`next` lands on the back office."""

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


def test_a_spray_of_usernames_from_one_address_is_locked_out(staff):
    """12 usernames, 1 wrong password each, from one address: the fifth failure locks the address, for
    every username, the right password of a real one included; another address is not affected."""
    client = Client()
    answers = [log_in(client, f"user-{n}", "Password123!").status_code for n in range(12)]
    assert answers == [200] * 4 + [429] * 8
    response = log_in(client, staff.username, PASSWORD)
    assert response.status_code == 429 and LOCKED_OUT in response.content.decode()
    assert not logged_in(client)
    elsewhere = Client()
    assert log_in(elsewhere, staff.username, PASSWORD, ip="198.51.100.20").status_code == 302
    assert logged_in(elsewhere)


def test_one_username_tried_from_many_addresses_is_locked_out(staff):
    other = UserFactory(username="alpha-host", password=PASSWORD)
    client = Client()
    for n in range(1, 5):
        assert log_in(client, staff.username, "wrong", ip=f"198.51.100.{n}").status_code == 200
    assert log_in(client, staff.username, "wrong", ip="198.51.100.5").status_code == 429
    assert log_in(Client(), staff.username, PASSWORD, ip="192.0.2.1").status_code == 429
    # Another user at one of those addresses logs in (each address saw one failure).
    colleague = Client()
    assert log_in(colleague, other.username, PASSWORD, ip="198.51.100.1").status_code == 302
    assert logged_in(colleague)


def test_behind_a_proxy_the_address_is_the_one_the_proxy_saw(staff, settings):
    """With TRUSTED_PROXY_COUNT = 1 every request comes from the proxy (REMOTE_ADDR); the client is
    the last X-Forwarded-For entry, the one the proxy appended. What a client writes there itself is
    not believed, so it cannot pass as another address."""
    settings.TRUSTED_PROXY_COUNT = 1
    proxy = "10.0.0.2"

    def through_proxy(client, username, password, sent_by_client, address):
        forwarded = f"{sent_by_client}, {address}" if sent_by_client else address
        return client.post(
            LOGIN,
            {"username": username, "password": password, "next": "/admin/"},
            REMOTE_ADDR=proxy,
            HTTP_X_FORWARDED_FOR=forwarded,
        )

    client = Client()
    answers = [through_proxy(client, f"user-{n}", "x", f"192.0.2.{n}", ATTACKER_IP).status_code for n in range(6)]
    assert answers == [200] * 4 + [429] * 2  # forged first entries do not make six addresses of one
    colleague = Client()
    assert through_proxy(colleague, staff.username, PASSWORD, None, "198.51.100.20").status_code == 302
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {ATTACKER_IP}


def test_without_a_proxy_a_forwarded_header_is_ignored(staff):
    client = Client()
    for n in range(4):
        response = client.post(
            LOGIN,
            {"username": f"user-{n}", "password": "x"},
            REMOTE_ADDR=ATTACKER_IP,
            HTTP_X_FORWARDED_FOR=f"192.0.2.{n}",
        )
        assert response.status_code == 200
    assert log_in(client, "user-9", "x").status_code == 429


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/admin/", "", "/admin/day/"])
def test_a_log_in_lands_on_the_back_office_unless_next_is_on_the_site(staff, target):
    response = Client().post(LOGIN, {"username": staff.username, "password": PASSWORD, "next": target})
    assert response.status_code == 302
    assert response["Location"] == (target if target.startswith("/admin/") else "/admin/")


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
