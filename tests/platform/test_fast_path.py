"""The input fast path (config/api/fast_path.py) answers only for input DRF accepts, with DRF's data.

Every StrictSerializer of the API is fed generated bodies: values close to valid for each field
(its choices, id prefixes, bounds, dates and times) mixed with what a client should never send
(null, blanks, NUL, lone surrogates, overlong strings, wrong JSON types, unknown names). Whenever
the fast path answers, DRF's own validation must accept the same body and produce equal data, of
the same types, in the same order."""

import datetime as dt

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework import fields as drf
from rest_framework import serializers

from config.api import fast_path, inputs
from holds.api.inputs import HoldCreateInput
from reservations.api.inputs import (
    DayAvailabilityQuery,
    GuaranteeRequestInput,
    GuestInputSerializer,
    MonthAvailabilityQuery,
    ReservationCreateInput,
    ReservationModifyInput,
)

SERIALIZERS = [
    ReservationCreateInput,
    ReservationModifyInput,
    GuaranteeRequestInput,
    GuestInputSerializer,
    HoldCreateInput,
    DayAvailabilityQuery,
    MonthAvailabilityQuery,
]

JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**40), max_value=2**40),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(["", " ", "\x00", "a\x00b", "\ud800", "x" * 6000, "é", "2027-01-15", "19:30", "2", " 3", "3 "]),
    st.text(max_size=20),
    st.lists(st.text(max_size=5), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
)


def plausible(field) -> st.SearchStrategy:
    """Values near what the field accepts, from its own settings."""
    if isinstance(field, inputs.StrictSerializer):
        return body(type(field))
    if isinstance(field, inputs.ObjectId):
        return st.builds(
            lambda prefix, rest: f"{prefix}_{rest}",
            st.sampled_from(list(field.prefixes) + ["bad"]),
            st.text(alphabet="abcXYZ019_-", min_size=0, max_size=30),
        )
    if isinstance(field, inputs.Integer):
        low, high = field.min_value, field.max_value
        numbers = st.integers(min_value=low - 2, max_value=min(high, low + 50) + 2) | st.just(high) | st.just(high + 1)
        return numbers.map(str) if field.from_string else numbers | st.floats(min_value=-3, max_value=30)
    if isinstance(field, inputs.Date):
        return st.dates(min_value=dt.date(1899, 12, 25), max_value=dt.date(9999, 12, 31)).map(dt.date.isoformat)
    if isinstance(field, inputs.HHMM):
        return st.builds(lambda h, m: f"{h:02d}:{m:02d}", st.integers(0, 25), st.integers(0, 61))
    if isinstance(field, inputs.Codes):
        return st.lists(st.sampled_from(field.choices + ["nope"]), max_size=len(field.choices) + 1)
    if isinstance(field, drf.ChoiceField):
        return st.sampled_from(list(field.choices) + ["nope", ""])
    if isinstance(field, inputs.Text):
        return st.text(max_size=field.max_length + 2) | st.just("x" * (field.max_length + 1))
    if isinstance(field, inputs.Metadata):
        return st.dictionaries(
            st.text(max_size=45), st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=5))
        )
    return JUNK


def body(cls) -> st.SearchStrategy:
    fields = cls._declared_fields
    values = {name: st.one_of(plausible(field), plausible(field), JUNK) for name, field in fields.items()}
    return st.builds(
        lambda chosen, extra, unknown: {**chosen, **({"unknown_field": 1} if unknown else {})},
        st.fixed_dictionaries({}, optional=values),
        st.just(None),
        st.integers(0, 20).map(lambda n: n == 0),
    )


def drf_says(cls, data):
    """DRF's own validation, the fast path left out."""
    serializer = cls(data=data)
    ok = serializers.Serializer.is_valid(serializer)
    return ok, (serializer.validated_data if ok else serializer.errors)


@pytest.mark.parametrize("cls", SERIALIZERS, ids=lambda cls: cls.__name__)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_fast_path_answers_only_as_drf_would(cls, data):
    sent = data.draw(body(cls))
    fast = fast_path.read(cls(data=sent), sent)
    if fast is None:
        return
    ok, drf_data = drf_says(cls, sent)
    assert ok, f"the fast path accepted what DRF refuses: {sent!r} -> {drf_data!r}"
    assert fast == drf_data
    assert type(fast) is type(drf_data)
    if isinstance(fast, dict):
        assert list(fast) == list(drf_data)
        assert [type(v) for v in fast.values()] == [type(v) for v in drf_data.values()]


def test_a_plain_booking_takes_the_fast_path():
    sent = {
        "service_date": "2027-01-15",
        "start_time": "19:30",
        "party_size": 2,
        "guest": {"first_name": "Ada", "last_name": "Lovelace", "email": "ada@example.com"},
        "guest_notes": "Window seat",
        "metadata": {"order": 42},
    }
    fast = fast_path.read(ReservationCreateInput(data=sent), sent)
    assert fast is not None
    ok, drf_data = drf_says(ReservationCreateInput, sent)
    assert ok and fast == drf_data
    assert fast["guest"].email == "ada@example.com"


def test_an_invalid_body_is_left_to_drf():
    for sent in (
        {"service_date": "2027-02-30", "start_time": "19:30", "party_size": 2, "guest": {"first_name": "A"}},
        {"service_date": "2027-01-15", "start_time": "19:30", "party_size": 0, "guest": {"first_name": "A"}},
        {"service_date": "2027-01-15", "start_time": "19:30", "party_size": 2, "guest": {"email": "a@b.c"}},
        {"service_date": "2027-01-15", "start_time": "19:30", "party_size": 2, "guest": {"first_name": "A\x00"}},
    ):
        assert fast_path.read(ReservationCreateInput(data=sent), sent) is None
        assert drf_says(ReservationCreateInput, sent)[0] is False
