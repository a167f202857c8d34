"""The language a guest reads their pages and e-mails in.

The guest's choice on the page (`?lang=`), else their profile's language, else the
restaurant's primary language; always one of the eleven the contract lists. Django's
translation framework renders it: English and French are complete, the others fall back to
English text with their own date and number formats.
"""

from reservations.models.restaurant import LANGUAGES


def guest_language(restaurant, guest=None, requested: str | None = None) -> str:
    for candidate in (requested, getattr(guest, "language", None), restaurant.primary_language):
        if candidate in LANGUAGES:
            return candidate
    return "en"


def page_languages(restaurant) -> list[str]:
    """The languages the guest pages offer: the restaurant's guest languages, English and French."""
    offered = list(restaurant.languages)
    for extra in ("en", "fr"):
        if extra not in offered:
            offered.append(extra)
    return offered


def django_language(code: str) -> str:
    """The code Django's own translations and formats know a language by (Norwegian is `nb`)."""
    return {"no": "nb"}.get(code, code)
