"""Request bodies of holds and reservations, read strictly into service parameters."""

from config.api import fields as f
from config.api.errors import BadRequest
from guests.services import GuestInput
from holds.services import HoldParams
from reservations.engine.rules import OVERRIDABLE
from reservations.models.booking import NOTIFICATION_MODES
from reservations.models.restaurant import LANGUAGES
from reservations.services.create import CreateParams
from reservations.services.modify import ModifyParams

HOLD_FIELDS = frozenset(
    {
        "service_date",
        "start_time",
        "party_size",
        "kind",
        "expires_at",
        "section_id",
        "metadata",
        "override",
        "excluded_from_shift_limits",
    }
)
CREATE_FIELDS = frozenset(
    {
        "service_date",
        "start_time",
        "party_size",
        "guest",
        "guest_id",
        "hold_id",
        "section_id",
        "guest_notes",
        "internal_notes",
        "guest_notifications",
        "company_id",
        "metadata",
        "override",
        "excluded_from_shift_limits",
        "entire_section_id",
    }
)
MODIFY_FIELDS = frozenset(
    {
        "service_date",
        "start_time",
        "party_size",
        "section_id",
        "guest_notes",
        "internal_notes",
        "company_id",
        "override",
        "excluded_from_shift_limits",
        "guarantee_request",
    }
)
# Known fields a modify refuses by name (they are fixed for the booking's life).
UNCHANGEABLE = frozenset({"guest", "guest_id", "guest_notifications", "metadata", "hold_id", "table_ids", "status"})
GUEST_FIELDS = frozenset({"first_name", "last_name", "email", "phone", "language"})
GUARANTEE_REQUEST_FIELDS = frozenset({"amount", "deadline_hours", "cancel_on_expiry"})


def overrides(body: dict) -> frozenset[str]:
    if "override" not in body or body["override"] is None:
        return frozenset()
    value = body["override"]
    if not isinstance(value, list) or not all(isinstance(code, str) for code in value):
        raise BadRequest("`override` must be an array of rule codes.", param="override")
    for code in value:
        if code not in OVERRIDABLE:
            raise BadRequest(f"`{code}` is not a rule that can be overridden.", param="override")
    return frozenset(value)


def _required(body: dict, names) -> None:
    for name in names:
        if body.get(name) is None:
            raise BadRequest(f"`{name}` is required.", param=name)


def hold_params(body: dict) -> HoldParams:
    _required(body, ("service_date", "start_time", "party_size"))
    return HoldParams(
        service_date=f.date_field(body, "service_date"),
        start_time=f.time_field(body, "start_time"),
        party_size=f.positive_int(body, "party_size"),
        kind=f.choice(body, "kind", ("basket", "commitment")) if "kind" in body else "basket",
        expires_at=f.datetime_field(body, "expires_at") if body.get("expires_at") is not None else None,
        section_id=f.prefixed_id(body, "section_id", "sec", nullable=True) if "section_id" in body else None,
        metadata=f.metadata(body) if body.get("metadata") is not None else {},
        overrides=overrides(body),
        excluded_from_shift_limits=f.boolean(body, "excluded_from_shift_limits")
        if "excluded_from_shift_limits" in body
        else False,
    )


def _guest(value) -> GuestInput:
    if not isinstance(value, dict):
        raise BadRequest("`guest` must be an object.", param="guest")
    for name in value:
        if name not in GUEST_FIELDS:
            raise BadRequest(f"Unknown field `guest[{name}]`.", param=f"guest[{name}]")
    texts = {}
    for name in ("first_name", "last_name", "email", "phone"):
        item = value.get(name)
        if item is not None and not isinstance(item, str):
            raise BadRequest(f"`guest[{name}]` must be a string.", param=f"guest[{name}]")
        texts[name] = item.strip() if isinstance(item, str) and item.strip() else None
    if not texts["first_name"] and not texts["last_name"]:
        raise BadRequest("A guest needs a first or last name.", param="guest[first_name]")
    if texts["email"] and ("@" not in texts["email"] or len(texts["email"]) > 254):
        raise BadRequest("`guest[email]` is not an e-mail address.", param="guest[email]")
    language = value.get("language")
    if language is not None and language not in LANGUAGES:
        raise BadRequest(f"`guest[language]` must be one of {', '.join(LANGUAGES)}.", param="guest[language]")
    return GuestInput(language=language, **texts)


def create_params(body: dict, *, can_override: bool) -> CreateParams:
    has_hold = body.get("hold_id") is not None
    if not has_hold:
        _required(body, ("service_date", "start_time", "party_size"))
    if body.get("guest") is not None and body.get("guest_id") is not None:
        raise BadRequest("Send `guest` or `guest_id`, not both.", param="guest_id")
    if body.get("guest") is None and body.get("guest_id") is None:
        raise BadRequest("A reservation needs `guest` or `guest_id`.", param="guest")
    slot = {}
    if "service_date" in body and body["service_date"] is not None:
        slot["service_date"] = f.date_field(body, "service_date")
    if "start_time" in body and body["start_time"] is not None:
        slot["start_time"] = f.time_field(body, "start_time")
    if "party_size" in body and body["party_size"] is not None:
        slot["party_size"] = f.positive_int(body, "party_size")
    return CreateParams(
        **slot,
        guest=_guest(body["guest"]) if body.get("guest") is not None else None,
        guest_id=f.prefixed_id(body, "guest_id", "gst") if body.get("guest_id") is not None else None,
        hold_id=f.prefixed_id(body, "hold_id", "hold") if has_hold else None,
        section_id=f.prefixed_id(body, "section_id", "sec") if body.get("section_id") is not None else None,
        entire_section_id=f.prefixed_id(body, "entire_section_id", "sec")
        if body.get("entire_section_id") is not None
        else None,
        guest_notes=f.string(body, "guest_notes") if "guest_notes" in body else None,
        internal_notes=f.string(body, "internal_notes") if "internal_notes" in body else None,
        guest_notifications=f.choice(body, "guest_notifications", NOTIFICATION_MODES)
        if body.get("guest_notifications") is not None
        else "service_managed",
        company_id=f.prefixed_id(body, "company_id", "cmp") if body.get("company_id") is not None else None,
        metadata=f.metadata(body) if body.get("metadata") is not None else {},
        overrides=overrides(body),
        excluded_from_shift_limits=f.boolean(body, "excluded_from_shift_limits")
        if body.get("excluded_from_shift_limits") is not None
        else None,
        can_override=can_override,
    )


def _guarantee_request(value) -> dict:
    if not isinstance(value, dict):
        raise BadRequest("`guarantee_request` must be an object.", param="guarantee_request")
    for name in value:
        if name not in GUARANTEE_REQUEST_FIELDS:
            raise BadRequest(f"Unknown field `guarantee_request[{name}]`.", param=f"guarantee_request[{name}]")
    request = {}
    if value.get("amount") is not None:
        amount = value["amount"]
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise BadRequest("`guarantee_request[amount]` must be an integer.", param="guarantee_request[amount]")
        request["amount"] = amount
    # Named as sent (`guarantee_request[...]`), like the rest of the body.
    named = {f"guarantee_request[{name}]": item for name, item in value.items()}
    if value.get("deadline_hours") is not None:
        request["deadline_hours"] = f.positive_int(named, "guarantee_request[deadline_hours]")
    if value.get("cancel_on_expiry") is not None:
        request["cancel_on_expiry"] = f.boolean(named, "guarantee_request[cancel_on_expiry]")
    return request


def modify_params(body: dict) -> ModifyParams:
    for name in body:
        if name in UNCHANGEABLE:
            raise BadRequest(f"`{name}` cannot be changed on a reservation.", param=name)
        if name not in MODIFY_FIELDS:
            raise BadRequest(f"Unknown field `{name}`.", param=name)
    if not body:
        raise BadRequest("Send at least one field to change.")
    fields: dict = {}
    for name, reader in (
        ("service_date", f.date_field),
        ("start_time", f.time_field),
        ("party_size", f.positive_int),
        ("excluded_from_shift_limits", f.boolean),
    ):
        if name in body:
            if body[name] is None:
                raise BadRequest(f"`{name}` cannot be null.", param=name)
            fields[name] = reader(body, name)
    if "section_id" in body:
        fields["section_id"] = f.prefixed_id(body, "section_id", "sec", nullable=True)
    if "company_id" in body:
        fields["company_id"] = f.prefixed_id(body, "company_id", "cmp", nullable=True)
    for name in ("guest_notes", "internal_notes"):
        if name in body:
            fields[name] = f.string(body, name)
    has_request = "guarantee_request" in body and body["guarantee_request"] is not None
    return ModifyParams(
        fields=fields,
        overrides=overrides(body),
        guarantee_request=_guarantee_request(body["guarantee_request"]) if has_request else None,
    )
