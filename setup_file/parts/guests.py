"""`guests`: the restaurant's guest book (profiles imported with their preferences)."""

from guests.models import Guest
from guests.phones import normalize_email, normalize_phone
from reservations.models.restaurant import LANGUAGES

from ..context import Context
from ..errors import at
from ..fields import INVALID, Field, boolean, choice, date, key, list_of, nullable, records, text

NAME = "guests"


def _email(value, path, problems):
    cleaned = text(254)(value, path, problems)
    if cleaned is not INVALID and "@" not in cleaned:
        problems.add(path, "not an e-mail address")
        return INVALID
    return cleaned


FIELDS = {
    "key": Field(key, required=True),
    "first_name": Field(nullable(text(100))),
    "last_name": Field(nullable(text(100))),
    "email": Field(nullable(_email)),
    "phone": Field(nullable(text(40, numbers=True))),
    "notes": Field(nullable(text(5000, lines=True))),
    "vip": Field(boolean, default=False),
    "blacklisted": Field(boolean, default=False),
    "blacklist_reason": Field(nullable(text(500))),
    "allergies": Field(list_of(text(100)), default=list),
    "dietary_preferences": Field(list_of(text(100)), default=list),
    "language": Field(nullable(choice(LANGUAGES, "language"))),
    "birthday": Field(nullable(date)),
    "anniversary": Field(nullable(date)),
    "marketing_email_consent": Field(boolean, default=False),
    "marketing_sms_consent": Field(boolean, default=False),
}


def validate(raw, ctx: Context) -> list[dict]:
    guests = records(raw, NAME, ctx.problems, FIELDS)
    for path, data in guests:
        ctx.define("guest", data["key"], at(path, "key"))
        if data["first_name"] is None and data["last_name"] is None:
            ctx.problems.add(at(path, "first_name"), "a guest needs a first or last name")
    return [data for _, data in guests]


def create(guests: list[dict], ctx: Context) -> None:
    restaurant = ctx.restaurant
    for data in guests:
        fields = {name: value for name, value in data.items() if name != "key"}
        fields["email"] = normalize_email(data["email"])
        fields["phone"] = normalize_phone(data["phone"], restaurant.country)
        fields["language"] = data["language"] or restaurant.primary_language
        guest = Guest(restaurant=restaurant, source="import", **fields)
        if guest.marketing_email_consent:
            guest.marketing_email_consent_at = restaurant.created_at
        if guest.marketing_sms_consent:
            guest.marketing_sms_consent_at = restaurant.created_at
        guest.save()
        ctx.created["guest"][data["key"]] = guest
        ctx.output["guests"][data["key"]] = guest.public_id
