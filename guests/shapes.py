"""Wire shape of a guest profile (guest data: shown only to keys with `guests:read`, config.gating)."""

from config.languages import Language
from config.shapes import (
    TIMESTAMP_NOTE,
    Expandable,
    Field,
    Shape,
    array,
    boolean,
    const,
    date_field,
    enum,
    integer,
    list_shape,
    nullable,
    object_id,
    string,
    timestamp_field,
)
from guests.models import GuestSource

WHEN = "When the consent last became true."


class GuestShape(Shape):
    name = "Guest"
    description = "A guest profile of the restaurant's guest book (needs `guests:read` wherever it appears)."
    args = "row, tz"
    fields = {
        "object": const("guest"),
        "id": Field(
            object_id("gst", "The id of a merged-away profile resolves to the survivor, under its own id."),
            "row.public_id",
        ),
        "first_name": nullable(string("A profile has a first or last name or both.")),
        "last_name": nullable(string("Always present as a key.")),
        "email": nullable(string("Primary address, trimmed and lower-cased.")),
        "phone": nullable(
            string("E.164 when parsable for the restaurant's country, else as entered without separators.")
        ),
        "notes": nullable(string("The restaurant's own notes on the profile, not the guest's.")),
        "blacklisted": boolean("A flag only; does not by itself refuse a booking."),
        "blacklist_reason": nullable(string("Why the guest is blacklisted.")),
        "dietary_preferences": Field(array({"type": "string"}, "`[]` when none."), via=list),
        "allergies": Field(array({"type": "string"}, "`[]` when none."), via=list),
        "birthday": date_field("The guest's birthday.", null=True),
        "anniversary": date_field("The guest's anniversary.", null=True),
        "vip": boolean("Whether the guest is a VIP."),
        "language": nullable(enum(Language.values, "ISO 639-1.")),
        "source": enum(GuestSource.values),
        "marketing_email_consent": boolean("Consent to marketing e-mail."),
        "marketing_email_consent_at": timestamp_field(WHEN, null=True),
        "marketing_sms_consent": boolean("Consent to marketing SMS."),
        "marketing_sms_consent_at": timestamp_field(WHEN, null=True),
        "visit_count": integer(
            "Bookings ended `seated`, `partially_seated` or `completed`; recomputed hourly.", minimum=0
        ),
        "no_show_count": integer("Recomputed like `visit_count`.", minimum=0),
        "cancellation_count": integer("Only cancelled bookings whose time has passed.", minimum=0),
        "first_visit_at": timestamp_field("First visit.", null=True),
        "last_visit_at": timestamp_field("Last visit.", null=True),
        "created_at": timestamp_field(TIMESTAMP_NOTE),
        "updated_at": timestamp_field(TIMESTAMP_NOTE),
    }


GuestListShape = list_shape(GuestShape, "A page of guest profiles.")


def guest_field(description: str) -> Expandable:
    """The `guest` of a booking or a waitlist entry: its id, or the guest with `expand=guest`."""
    return Expandable(GuestShape, object_id("gst", "The guest's id."), description)
