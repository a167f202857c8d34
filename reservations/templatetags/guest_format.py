"""Formats of the guest pages and e-mails: money in minor units, in the active language."""

from decimal import Decimal

from django import template
from django.utils.formats import number_format

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


@register.filter
def money(amount, currency):
    """`{{ amount|money:currency }}`: 5000, EUR -> 50.00 EUR (50,00 EUR in French)."""
    return format_money(amount, currency)
