"""Request bodies and query strings of availability and reservations, read strictly.

Column limits live here (config/api/inputs.py): nothing a column cannot hold reaches a
service. The OpenAPI document is derived from these serializers.
"""

import datetime as dt
import re

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from config.api.inputs import (
    BLANK_PATTERN,
    HHMM,
    MONTH_PATTERN,
    NOT_BLANK_PATTERN,
    Boolean,
    Codes,
    Date,
    Integer,
    Metadata,
    ObjectId,
    StrictSerializer,
    Text,
)
from guests.services import GuestInput
from reservations.engine.rules import MAX_PARTY_SIZE, OVERRIDABLE_CODES
from reservations.models.booking import GuestNotifications
from reservations.models.restaurant import Language
from reservations.services.create import CreateParams
from reservations.services.modify import ModifyParams

NOTES_MAX = 5000
EMAIL_MAX = 254
NOT_NULL = {"not": {"type": "null"}}
SLOT = ("service_date", "start_time", "party_size")
MONTH_RE = re.compile(r"[0-9]{4}-(0[1-9]|1[0-2])\Z")
OVERRIDE_HELP = (
    "Rule codes to waive; non-empty needs `reservations:write:override` (403 `insufficient_scope`, "
    "`param: override`). A code that cannot be waived is 400 with `param: override`."
)
EXCLUDED_HELP = (
    "True: not charged to nor refused by the shift covers caps (needs `reservations:write:override`, refused with "
    "`param: excluded_from_shift_limits`); false needs nothing."
)


def party_size(**kwargs) -> Integer:
    return Integer(min_value=1, max_value=MAX_PARTY_SIZE, **kwargs)


def override_field() -> Codes:
    return Codes(choices=OVERRIDABLE_CODES, required=False, allow_null=True, help_text=OVERRIDE_HELP)


# --- query strings ----------------------------------------------------------------


class Locale(serializers.ChoiceField):
    def __init__(self, **kwargs):
        super().__init__(
            choices=Language.values,
            required=False,
            help_text=(
                "Language of guest-facing text; must be one of the configuration's `guest_languages` (else 400 with "
                "`param: locale`). Defaults to `primary_language`. Varies the `ETag`."
            ),
            **kwargs,
        )


def excluding_field() -> ObjectId:
    return ObjectId(
        "hold",
        "resv",
        required=False,
        help_text=(
            "Answer as if this hold or reservation did not exist (to move it). It must be an id the key could "
            "fetch, else 404 with `param: excluding`; a value of neither shape is 400. Varies the `ETag`."
        ),
    )


class DayAvailabilityQuery(StrictSerializer):
    service_date = Date(help_text="The service date, `YYYY-MM-DD`, restaurant timezone.")
    party_size = party_size(from_string=True, help_text="Slots, caps and guarantee are resolved for this party size.")
    section_id = ObjectId(
        "sec", required=False, help_text="Only this seating area (resolves to its whole group); unknown is 400."
    )
    excluding = excluding_field()
    locale = Locale()


@extend_schema_field({"type": "string", "pattern": MONTH_PATTERN, "examples": ["2026-12"]})
class Month(serializers.CharField):
    default_error_messages = {"invalid": "Must be a month as YYYY-MM (1900 to 9998)."}

    def to_internal_value(self, data):
        if not isinstance(data, str) or not MONTH_RE.match(data) or not 1900 <= int(data[:4]) <= 9998:
            self.fail("invalid")
        return dt.date(int(data[:4]), int(data[5:]), 1)


class MonthAvailabilityQuery(StrictSerializer):
    month = Month(help_text="The month, `YYYY-MM`.")
    excluding = excluding_field()
    locale = Locale()


# --- bodies -------------------------------------------------------------------------


class GuestInputSerializer(StrictSerializer):
    """The guest, matched against the guest book by e-mail and phone."""

    # One line each: a name never starts a line of its own in an e-mail (config/one_line.py).
    first_name = Text(max_length=100, one_line=True, required=False, allow_null=True, allow_blank=True)
    last_name = Text(max_length=100, one_line=True, required=False, allow_null=True, allow_blank=True)
    email = Text(
        max_length=EMAIL_MAX,
        one_line=True,
        required=False,
        allow_null=True,
        allow_blank=True,
        help_text="E-mail address (it contains `@`; blank means none); needed on a slot with a card guarantee.",
    )
    phone = Text(
        max_length=40,
        one_line=True,
        required=False,
        allow_null=True,
        allow_blank=True,
        help_text="Phone number; normalised to E.164 against the restaurant's country.",
    )
    language = serializers.ChoiceField(choices=Language.values, required=False, allow_null=True)

    class Meta:
        ref_name = "GuestInput"
        # What `validate` refuses, for generated clients: a name that is not blank, an e-mail with `@`.
        schema_extra = {
            "allOf": [
                {
                    "anyOf": [
                        {
                            "required": ["first_name"],
                            "properties": {"first_name": {"type": "string", "pattern": NOT_BLANK_PATTERN}},
                        },
                        {
                            "required": ["last_name"],
                            "properties": {"last_name": {"type": "string", "pattern": NOT_BLANK_PATTERN}},
                        },
                    ]
                },
                {"properties": {"email": {"anyOf": [{"pattern": BLANK_PATTERN}, {"pattern": "@"}]}}},
            ]
        }

    def validate(self, data):
        texts = {name: (data.get(name) or "").strip() or None for name in ("first_name", "last_name", "email", "phone")}
        if not texts["first_name"] and not texts["last_name"]:
            raise serializers.ValidationError({"first_name": "A guest needs a first or last name."})
        if texts["email"] and "@" not in texts["email"]:
            raise serializers.ValidationError({"email": "Not an e-mail address."})
        return GuestInput(language=data.get("language"), **texts)


class ReservationCreateInput(StrictSerializer):
    """A booking: the slot (or `hold_id`) and the guest (or `guest_id`)."""

    service_date = Date(
        required=False, allow_null=True, help_text="Required unless `hold_id` is sent (then it must match the hold)."
    )
    start_time = HHMM(required=False, allow_null=True, help_text="A time availability offered.")
    party_size = party_size(required=False, allow_null=True, help_text="Guests.")
    guest = GuestInputSerializer(required=False, allow_null=True)
    guest_id = ObjectId(
        "gst",
        required=False,
        allow_null=True,
        help_text="An existing profile instead of `guest`; `required_guest_fields` then does not apply.",
    )
    hold_id = ObjectId(
        "hold", required=False, allow_null=True, help_text="Converts this hold; the reservation keeps its suffix."
    )
    section_id = ObjectId("sec", required=False, allow_null=True, help_text="Book in one area (its whole group).")
    guest_notes = Text(max_length=NOTES_MAX, required=False, allow_null=True, allow_blank=True)
    internal_notes = Text(max_length=NOTES_MAX, required=False, allow_null=True, allow_blank=True)
    guest_notifications = serializers.ChoiceField(
        choices=GuestNotifications.values, required=False, allow_null=True, help_text="Default `service_managed`."
    )
    company_id = ObjectId(
        "cmp", required=False, allow_null=True, help_text="File under this company; unknown is 404 naming it."
    )
    metadata = Metadata(required=False, allow_null=True)
    override = override_field()
    excluded_from_shift_limits = Boolean(required=False, allow_null=True, help_text=EXCLUDED_HELP)
    entire_section_id = ObjectId(
        "sec",
        required=False,
        allow_null=True,
        help_text="Books every table of the section group; needs `reservations:write:override` (checked before "
        "the section is looked up); sets `excluded_from_shift_limits` by default.",
    )

    class Meta:
        ref_name = "ReservationCreate"
        # What `validate` and the hold conversion refuse, for generated clients and fuzzers: a guest or
        # its id (null counts as not sent); a hold, or a slot without one; beside a hold, none of the
        # fields it fixed (slot fields may repeat the hold's own values: only the service can tell).
        schema_extra = {
            "allOf": [
                {
                    "oneOf": [
                        {"required": ["guest"], "properties": {"guest": NOT_NULL}},
                        {"required": ["guest_id"], "properties": {"guest_id": NOT_NULL}},
                    ]
                },
                {
                    "anyOf": [
                        {
                            "required": ["hold_id"],
                            "properties": {
                                "hold_id": NOT_NULL,
                                "section_id": {"type": "null"},
                                "entire_section_id": {"type": "null"},
                                "excluded_from_shift_limits": {"enum": [False, None]},
                            },
                        },
                        {
                            "required": list(SLOT),
                            "properties": {**{name: NOT_NULL for name in SLOT}, "hold_id": {"type": "null"}},
                        },
                    ]
                },
            ]
        }

    def validate(self, data):
        sent = {name: value for name, value in data.items() if value is not None}
        if "hold_id" not in sent:
            for name in SLOT:
                if name not in sent:
                    raise serializers.ValidationError({name: "Required."})
        if "guest" in sent and "guest_id" in sent:
            raise serializers.ValidationError({"guest_id": "Send `guest` or `guest_id`, not both."})
        if "guest" not in sent and "guest_id" not in sent:
            raise serializers.ValidationError({"guest": "A reservation needs `guest` or `guest_id`."})
        return sent

    def params(self, *, can_override: bool) -> CreateParams:
        data = self.validated_data
        return CreateParams(
            **{name: data[name] for name in ("service_date", "start_time", "party_size") if name in data},
            guest=data.get("guest"),
            guest_id=data.get("guest_id"),
            hold_id=data.get("hold_id"),
            section_id=data.get("section_id"),
            entire_section_id=data.get("entire_section_id"),
            guest_notes=data.get("guest_notes"),
            internal_notes=data.get("internal_notes"),
            guest_notifications=data.get("guest_notifications", GuestNotifications.SERVICE_MANAGED),
            company_id=data.get("company_id"),
            metadata=data.get("metadata", {}),
            overrides=data.get("override", frozenset()),
            excluded_from_shift_limits=data.get("excluded_from_shift_limits"),
            can_override=can_override,
        )


class GuaranteeRequestInput(StrictSerializer):
    """Ask the guest for a card now; `{}` asks on the restaurant's terms."""

    amount = Integer(
        min_value=-(2**31),
        required=False,
        allow_null=True,
        help_text="Smallest currency unit; must be above zero (else 422 `guarantee_amount_invalid`).",
    )
    deadline_hours = Integer(
        min_value=1, required=False, allow_null=True, help_text="Hours to save a card; default 48, clamped."
    )
    cancel_on_expiry = Boolean(
        required=False, allow_null=True, help_text="Cancel the booking when the deadline passes unpaid; default true."
    )

    class Meta:
        ref_name = "ReservationGuarantee"

    def validate(self, data):
        return {name: value for name, value in data.items() if value is not None}


# Known fields a modify refuses by name: they are fixed for the booking's life.
UNCHANGEABLE = ("guest", "guest_id", "guest_notifications", "metadata", "hold_id", "table_ids", "status")


class ReservationModifyInput(StrictSerializer):
    """A partial change: a field not sent is unchanged, a field sent as null is cleared."""

    service_date = Date(required=False, help_text="New date.")
    start_time = HHMM(required=False, help_text="A time availability offered.")
    party_size = party_size(required=False, help_text="Guests; the booking does not block itself.")
    section_id = ObjectId("sec", required=False, allow_null=True, help_text="Preferred area; null clears it.")
    guest_notes = Text(max_length=NOTES_MAX, required=False, allow_null=True, allow_blank=True)
    internal_notes = Text(
        max_length=NOTES_MAX,
        required=False,
        allow_null=True,
        allow_blank=True,
        help_text="The restaurant's note; written even without `guests:read`.",
    )
    company_id = ObjectId("cmp", required=False, allow_null=True, help_text="Null files under no company.")
    override = override_field()
    excluded_from_shift_limits = Boolean(required=False, help_text=EXCLUDED_HELP)
    guarantee_request = GuaranteeRequestInput(required=False, allow_null=True)

    class Meta:
        ref_name = "ReservationModify"
        schema_extra = {"minProperties": 1}

    def params(self, *, can_override: bool) -> ModifyParams:
        data = dict(self.validated_data)
        overrides = data.pop("override", None) or frozenset()
        guarantee_request = data.pop("guarantee_request", None)
        return ModifyParams(
            fields=data, overrides=overrides, guarantee_request=guarantee_request, can_override=can_override
        )
