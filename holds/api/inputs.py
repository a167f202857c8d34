"""The body of `POST /v1/holds`, read strictly (config/api/inputs.py)."""

from rest_framework import serializers

from config.api.inputs import HHMM, Boolean, Codes, Date, DateTime, Integer, Metadata, ObjectId, StrictSerializer
from holds.models import HoldKind
from holds.services import HoldParams
from reservations.engine.rules import MAX_PARTY_SIZE, OVERRIDABLE_CODES


class HoldCreateInput(StrictSerializer):
    """Take a slot off sale."""

    service_date = Date(help_text="Restaurant timezone.")
    start_time = HHMM(help_text="A slot time offered by availability for that date.")
    party_size = Integer(min_value=1, max_value=MAX_PARTY_SIZE, help_text="Guests.")
    kind = serializers.ChoiceField(choices=HoldKind.values, required=False, help_text="Default `basket`.")
    expires_at = DateTime(
        required=False,
        allow_null=True,
        help_text="Requested deadline; clamped, never refused (basket 5 to 30 minutes, default 10; commitment at "
        "most 48 hours). Not part of what the Idempotency-Key identifies.",
    )
    section_id = ObjectId("sec", required=False, allow_null=True, help_text="Hold in one area (its whole group).")
    metadata = Metadata(required=False, allow_null=True)
    override = Codes(
        choices=OVERRIDABLE_CODES,
        required=False,
        allow_null=True,
        help_text="Rule codes to waive; non-empty needs `reservations:write:override` (403 `insufficient_scope`, "
        "`param: override`). A code that cannot be waived is 400 with `param: override`.",
    )
    excluded_from_shift_limits = Boolean(
        required=False,
        help_text="True: not charged to nor refused by the shift covers caps (needs `reservations:write:override`, "
        "refused with `param: excluded_from_shift_limits`); false needs nothing.",
    )

    class Meta:
        ref_name = "HoldCreate"

    def params(self) -> HoldParams:
        data = self.validated_data
        return HoldParams(
            service_date=data["service_date"],
            start_time=data["start_time"],
            party_size=data["party_size"],
            kind=data.get("kind", HoldKind.BASKET),
            expires_at=data.get("expires_at"),
            section_id=data.get("section_id"),
            metadata=data.get("metadata") or {},
            overrides=data.get("override") or frozenset(),
            excluded_from_shift_limits=data.get("excluded_from_shift_limits", False),
        )
