"""Input is strict (issue 33): every pattern reads the whole value (`\\Z`, not `$`, which in Python
also matches before a final newline), and an integer is a JSON integer. A value with a trailing
newline is refused as any other bad value of its field is: the same 400, code, `param` and message,
on the fast path (config/api/fast_path.py) and DRF's alike."""

import re

import pytest
import yaml

from config.api import fast_path
from config.api.inputs import DATE_RE, HHMM_RE, INT_RE, id_regex, looks_like_id, parse_datetime
from holds.api.inputs import HoldCreateInput
from reservations.api.inputs import GuaranteeRequestInput, ReservationCreateInput, ReservationModifyInput
from reservations.models import Reservation
from tests.platform.helpers import assert_error
from tests.reservations.conftest import DAY, booking_body
from tests.reservations.helpers import book, hold, new_key, patch, post_json, take_hold
from tests.setup_file.helpers import example, load_text

pytestmark = pytest.mark.django_db


def test_the_patterns_read_the_whole_value():
    for regex, value in [
        (DATE_RE, DAY),
        (HHMM_RE, "20:00"),
        (INT_RE, "12"),
        (id_regex("sec"), "sec_abc"),
        (id_regex("hold", "resv"), "resv_abc"),
    ]:
        assert regex.match(value)
        for tail in ("\n", "\r\n", " ", "\x00"):
            assert not regex.match(value + tail), (regex.pattern, tail)
    assert not looks_like_id("resv_abc\n", "resv")
    with pytest.raises(ValueError):
        parse_datetime("2026-12-01T10:00:00Z\n")


def same_refusal(good_bad, newline_response, *, message: bool = True):
    """The trailing newline is refused exactly as another bad value of the field is (the same
    message, unless the message quotes the value)."""
    expected = good_bad.json()["error"]
    assert newline_response.status_code == good_bad.status_code == 400, newline_response.content
    got = newline_response.json()["error"]
    assert (got["code"], got.get("param")) == (expected["code"], expected.get("param"))
    if message:
        assert got["message"] == expected["message"]


@pytest.mark.parametrize(
    "field, bad, newline",
    [
        ("start_time", "25:00", "20:00\n"),
        ("start_time", "25:00", "19:30\r\n"),
        ("service_date", "2026-13-01", f"{DAY}\n"),
        ("section_id", "tbl_abc", "sec_abc\n"),
        ("guest_id", "resv_abc", "gst_abc\n"),
    ],
)
def test_a_create_refuses_a_trailing_newline_as_any_bad_value(api, bistro, field, bad, newline):
    body = booking_body()
    if field == "guest_id":
        del body["guest"]
    same_refusal(
        post_json(api, "/v1/reservations", {**body, field: bad}),
        post_json(api, "/v1/reservations", {**body, field: newline}),
    )
    assert Reservation.objects.count() == 0


@pytest.mark.parametrize(
    "field, bad, newline",
    [
        ("start_time", "7pm", "19:30\n"),
        ("service_date", "05/12/2026", f"{DAY}\n"),
        ("expires_at", "soon", "2026-12-01T10:20:00Z\n"),
        ("section_id", "sec", "sec_abc\n"),
    ],
)
def test_a_hold_refuses_a_trailing_newline_as_any_bad_value(api, bistro, field, bad, newline):
    same_refusal(hold(api, **{field: bad}), hold(api, **{field: newline}))


def test_a_modify_refuses_a_trailing_newline(api, bistro):
    booking = book(api)
    same_refusal(
        patch(api, booking["id"], {"start_time": "20:60"}), patch(api, booking["id"], {"start_time": "20:00\n"})
    )
    same_refusal(
        patch(api, booking["id"], {"service_date": "tomorrow"}),
        patch(api, booking["id"], {"service_date": f"{DAY}\n"}),
    )


@pytest.mark.parametrize(
    "path, query, name, bad",
    [
        ("/v1/availability", {"service_date": DAY, "party_size": "2\n"}, "party_size", "two"),
        ("/v1/availability", {"service_date": f"{DAY}\n", "party_size": "2"}, "service_date", "5 Dec"),
        ("/v1/availability", {"service_date": DAY, "party_size": " 2"}, "party_size", "two"),
        ("/v1/availability/months", {"month": "2026-12\n"}, "month", "December"),
        ("/v1/reservations", {"limit": "20\n"}, "limit", "twenty"),
        ("/v1/reservations", {"date": f"{DAY}\n"}, "date", "today"),
        ("/v1/reservations", {"updated_since": "2026-12-01T10:00:00Z\n"}, "updated_since", "yesterday"),
        ("/v1/reservations", {"guest_id": "gst_abc\n"}, "guest_id", "resv_abc"),
        ("/v1/reservations", {"starting_after": "resv_abc\n"}, "starting_after", "hold_abc"),
        ("/v1/reservations", {"id": "resv_abc\n"}, "id", "hold_abc"),
        ("/v1/reservations", {"id": "resv_abc, resv_def"}, "id", "hold_abc"),
    ],
)
def test_a_query_string_refuses_a_trailing_newline_as_any_bad_value(api, bistro, path, query, name, bad):
    quoted = name in ("starting_after", "id")  # the message quotes the value
    same_refusal(api.get(path, {**query, name: bad}), api.get(path, query), message=not quoted)


def test_a_request_id_with_a_newline_is_not_echoed(api):
    response = api.get("/v1/ping", HTTP_X_REQUEST_ID="abc\n")
    assert response.status_code == 200
    assert re.fullmatch(r"req_[0-9A-Za-z]+", response["X-Request-Id"])
    assert api.get("/v1/ping", HTTP_X_REQUEST_ID="abc")["X-Request-Id"] == "abc"


# --- integers are integers -----------------------------------------------------------------------


@pytest.mark.parametrize("value", [2.0, 2e0, "2", True, 2.5])
def test_a_party_size_that_is_not_a_json_integer_is_refused_as_a_wrong_type(api, bistro, value):
    wrong_type = post_json(api, "/v1/holds", {"service_date": DAY, "start_time": "19:30", "party_size": "two"})
    assert_error(wrong_type, 400, "bad_request", param="party_size")
    same_refusal(wrong_type, hold(api, party_size=value))
    same_refusal(
        post_json(api, "/v1/reservations", booking_body(party_size="two")),
        post_json(api, "/v1/reservations", booking_body(party_size=value)),
    )
    assert Reservation.objects.count() == 0


def test_a_written_fraction_is_refused_in_the_raw_body_too(api, bistro):
    for number in (b"2.0", b"2E0", b"2e+0", b"-0.0"):
        response = api.post(
            "/v1/holds",
            b'{"service_date": "%s", "start_time": "19:30", "party_size": %s}' % (DAY.encode(), number),
            content_type="application/json",
            HTTP_IDEMPOTENCY_KEY=new_key(),
        )
        assert_error(response, 400, "bad_request", param="party_size")


def test_modify_and_guarantee_integers_are_integers(api, bistro):
    booking = book(api)
    for value in (3.0, "3", True):
        assert_error(patch(api, booking["id"], {"party_size": value}), 400, "bad_request", param="party_size")
        response = patch(api, booking["id"], {"guarantee_request": {"amount": value}})
        assert_error(response, 400, "bad_request", param="guarantee_request[amount]")
    assert take_hold(api, party_size=2)["party_size"] == 2


@pytest.mark.parametrize(
    "cls, data, field",
    [
        (HoldCreateInput, {"service_date": DAY, "start_time": "19:30", "party_size": 2.0}, "party_size"),
        (HoldCreateInput, {"service_date": DAY, "start_time": "19:30\n", "party_size": 2}, "start_time"),
        (ReservationCreateInput, {**booking_body(), "party_size": True}, "party_size"),
        (ReservationModifyInput, {"party_size": "4"}, "party_size"),
        (ReservationModifyInput, {"start_time": "20:00\n"}, "start_time"),
        (GuaranteeRequestInput, {"deadline_hours": 24.0}, "deadline_hours"),
    ],
)
def test_neither_the_fast_path_nor_drf_takes_them(cls, data, field):
    assert fast_path.read(cls(data=data), data) is None
    serializer = cls(data=data)
    assert not serializer.is_valid()
    assert field in serializer.errors


# --- the setup file and the guest pages -----------------------------------------------------------


def test_the_setup_file_refuses_a_trailing_newline(tmp_path):
    data = example()
    data["shifts"][1]["start_time"] = "19:00\n"
    data["closures"][0]["start_date"] = "2026-12-24\n"
    data["floor_plans"][0]["key"] = "main\n"
    run = load_text(yaml.safe_dump(data, allow_unicode=True), tmp_path)
    assert run.code != 0
    problems = "\n".join(run.problems)
    assert "shifts[1].start_time: not HH:MM" in problems
    assert "closures[0].start_date: not YYYY-MM-DD" in problems
    assert "floor_plans[0].key: not a key" in problems


def test_a_guest_page_token_with_a_newline_opens_nothing(client, restaurant):
    token = "a" * 32
    assert client.get(f"/book/{restaurant.slug}/{token}%0A").status_code == 404
    assert client.get(f"/book/{restaurant.slug}/waitlist/{token}%0A").status_code == 404
