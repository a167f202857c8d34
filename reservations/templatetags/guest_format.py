"""Formats of the guest pages and e-mails: money in minor units, in the active language."""

from decimal import Decimal

from django import template
from django.template.base import render_value_in_context
from django.utils.formats import number_format
from django.utils.html import escape
from django.utils.safestring import mark_safe

from config.one_line import one_line

register = template.Library()

# ISO 4217 currencies without minor units (the rest used here have two).
ZERO_DECIMAL = frozenset(
    {"BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "VND", "VUV", "XAF", "XOF", "XPF"}
)


def format_money(amount, currency: str) -> str:
    if amount is None:
        return ""
    places = 0 if currency in ZERO_DECIMAL else 2
    value = Decimal(amount) / (10**places)
    return f"{number_format(value, decimal_pos=places, use_l10n=True, force_grouping=True)} {currency}"


@register.filter(name="one_line")
def one_line_filter(value):
    """`{{ guest.first_name|one_line }}`: what a guest typed, on one line in an e-mail whatever older data
    holds (config/one_line.py)."""
    return one_line(value)


@register.filter
def money(amount, currency):
    """`{{ amount|money:currency }}`: 5000, EUR -> 50.00 EUR (50,00 EUR in French)."""
    return format_money(amount, currency)


@register.simple_tag(takes_context=True)
def guest_field(context, field):
    """`{% guest_field form.name %}`: what `{% include "guest/_field.html" %}` renders for the field
    (its label, its errors with the id its widget's aria-describedby names, the widget), without a
    template include per field."""
    out = [f'<label for="{render_value_in_context(field.id_for_label, context)}">']
    out.append(f"{render_value_in_context(field.label, context)}</label>")
    errors = field.errors
    if errors:
        out.append(f'<ul class="errorlist" id="{render_value_in_context(field.id_for_label, context)}-errors">')
        out += [f"<li>{render_value_in_context(error, context)}</li>" for error in errors]
        out.append("</ul>")
    out.append(f"\n{render_value_in_context(field, context)}\n")
    return mark_safe("".join(out))


@register.simple_tag
def time_choices(service: dict, chosen, full: str):
    """`{% time_choices service form.time.value full %}`: a service's times as radio buttons (the
    times on sale, then the greyed ones marked `full`), as the loop over them in templates/guest/
    _times.html wrote them, in one Python pass (a loaded day shows dozens of times)."""
    out = []
    for time in service["slots"]:
        value = escape(time)
        checked = " checked" if time == chosen else ""
        out.append(f'<label><input type="radio" name="time" value="{value}" required{checked}> {value}</label>')
    label = escape(full)
    for time in service["unavailable"]:
        out.append(
            '<span class="choices-item"><label class="greyed" aria-disabled="true"><input type="radio" disabled> '
            f'{escape(time)} <span class="muted">({label})</span></label></span>'
        )
    return mark_safe("".join(out))  # noqa: S308 - every value above is escaped
