"""The guest forms' widgets rendered in Python (guestpages.widgets) are Django's, byte for byte."""

import datetime as dt

import pytest
from django.forms.renderers import DjangoTemplates
from django.utils import translation

from guestpages import forms
from guestpages.widgets import GuestFormRenderer

TRICKY = "Zoë <b>\"&' </textarea>"


def search(data=None, renderer=None):
    return forms.SearchForm(
        data,
        initial={"date": dt.date(2026, 5, 14), "party_size": 2},
        sizes=range(1, 9),
        first_date=dt.date(2026, 5, 1),
        last_date=dt.date(2026, 7, 1),
        renderer=renderer,
    )


def booking(data=None, renderer=None, phone_required=False):
    return forms.BookingForm(
        data,
        initial={"date": dt.date(2026, 5, 14), "party_size": 4, "submission": "a" * 32},
        times=["12:00", "12:15", "19:30"],
        phone_required=phone_required,
        renderer=renderer,
    )


def join(data=None, renderer=None):
    return forms.WaitlistJoinForm(data, initial={"date": dt.date(2026, 5, 14), "party_size": 4}, renderer=renderer)


BUILDERS = {
    "search": search,
    "booking": booking,
    "booking_phone": lambda data=None, renderer=None: booking(data, renderer, phone_required=True),
    "card": lambda data=None, renderer=None: forms.CardForm(data, renderer=renderer),
    "extra": lambda data=None, renderer=None: forms.ExtraStepForm(data, renderer=renderer),
    "cancel": lambda data=None, renderer=None: forms.CancelForm(data, renderer=renderer),
    "feedback": lambda data=None, renderer=None: forms.FeedbackForm(data, renderer=renderer),
    "join": join,
    "change": lambda data=None, renderer=None: forms.WaitlistChangeForm(data, renderer=renderer),
    "leave": lambda data=None, renderer=None: forms.WaitlistLeaveForm(data, renderer=renderer),
}

DATA = {
    "none": None,
    "empty": {},
    "valid": {
        "date": "2026-05-14",
        "party_size": "4",
        "submission": "b" * 32,
        "time": "12:15",
        "first_name": "Zoë",
        "last_name": "D'Arc",
        "email": "zoe@example.com",
        "phone": "+33 6 12 34 56 78",
        "notes": "Window seat\nplease",
        "card_number": "4242424242424242",
        "decision": "approve",
        "confirm": "on",
        "rating": "5",
        "comment": "Lovely",
        "window_start": "19:00",
        "window_end": "21:00",
    },
    "tricky": {
        "date": TRICKY,
        "party_size": TRICKY,
        "submission": TRICKY,
        "time": TRICKY,
        "first_name": TRICKY,
        "last_name": "x" * 200,
        "email": TRICKY,
        "phone": TRICKY,
        "notes": TRICKY,
        "card_number": TRICKY,
        "decision": TRICKY,
        "confirm": "",
        "rating": "9",
        "comment": TRICKY,
        "window_start": TRICKY,
        "window_end": "25:00",
    },
}


def rendered(form) -> list[str]:
    """Every widget of the form as the pages render them: the field, and each choice's tag."""
    out = []
    for field in form:
        out.append(str(field))
        if hasattr(field.field.widget, "optgroups") and field.field.widget.input_type in ("radio", "checkbox"):
            out += [str(choice.tag()) for choice in field]
    return out


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("data", list(DATA))
@pytest.mark.parametrize("name", list(BUILDERS))
def test_the_python_widgets_render_as_the_django_templates(name, data, language):
    with translation.override(language):
        build = BUILDERS[name]
        fast = build(DATA[data])
        django = build(DATA[data], renderer=DjangoTemplates())
        assert isinstance(fast.renderer, GuestFormRenderer)
        if DATA[data] is not None:
            assert fast.is_valid() == django.is_valid()  # errors add aria-invalid and aria-describedby
        assert rendered(fast) == rendered(django)
        if data == "tricky":
            assert "<b>" not in "".join(rendered(fast))


def test_a_widget_it_does_not_know_goes_to_the_django_templates():
    form = booking()
    whole_radio = form["time"].as_widget()  # the RadioSelect's own template (multiple_input.html)
    assert whole_radio == booking(renderer=DjangoTemplates())["time"].as_widget()
    assert 'value="12:15"' in whole_radio


@pytest.mark.parametrize("data", list(DATA))
def test_the_guest_field_tag_renders_as_the_field_include(data):
    from django.template import engines

    include = engines["django"].from_string('{% for field in form %}{% include "guest/_field.html" %}{% endfor %}')
    tag = engines["django"].from_string(
        "{% load guest_format %}{% for field in form %}{% guest_field field %}{% endfor %}"
    )
    with translation.override("fr"):
        for build in BUILDERS.values():
            form = build(DATA[data])
            assert tag.render({"form": form}) == include.render({"form": form})


def test_time_choices_write_the_radios_the_template_loop_wrote():
    from reservations.templatetags.guest_format import time_choices

    service = {"slots": ["19:00", "19:30"], "unavailable": ["20:00"]}
    assert time_choices(service, "19:30", "complet") == (
        '<label><input type="radio" name="time" value="19:00" required> 19:00</label>'
        '<label><input type="radio" name="time" value="19:30" required checked> 19:30</label>'
        '<span class="choices-item"><label class="greyed" aria-disabled="true"><input type="radio" disabled> '
        '20:00 <span class="muted">(complet)</span></label></span>'
    )
    assert "&lt;b&gt;" in time_choices({"slots": ["<b>"], "unavailable": []}, None, "full")
