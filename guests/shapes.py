"""Wire shape of a guest profile (guest data: shown only to keys with `guests:read`, config.gating)."""

from config.formats import iso_date, timestamp
from config.languages import Language
from config.shapes import (
    TIMESTAMP_NOTE,
    Shape,
    array,
    boolean,
    const,
    date,
    date_time,
    enum,
    integer,
    list_shape,
    nullable,
    obj,
    object_id,
    string,
)
from guests.models import GuestSource


class GuestShape(Shape):
    name = "Guest"
    schema = obj(
        "A guest profile of the restaurant's guest book (needs `guests:read` wherever it appears).",
        {
            "object": const("guest"),
            "id": object_id("gst", "The id of a merged-away profile resolves to the survivor, under its own id."),
            "first_name": nullable(string("A profile has a first or last name or both.")),
            "last_name": nullable(string("Always present as a key.")),
            "email": nullable(string("Primary address, trimmed and lower-cased.")),
            "phone": nullable(
                string("E.164 when parsable for the restaurant's country, else as entered without separators.")
            ),
            "notes": nullable(string("The restaurant's own notes on the profile, not the guest's.")),
            "blacklisted": boolean("A flag only; does not by itself refuse a booking."),
            "blacklist_reason": nullable(string("Why the guest is blacklisted.")),
            "dietary_preferences": array({"type": "string"}, "`[]` when none."),
            "allergies": array({"type": "string"}, "`[]` when none."),
            "birthday": nullable(date("The guest's birthday.")),
            "anniversary": nullable(date("The guest's anniversary.")),
            "vip": boolean("Whether the guest is a VIP."),
            "language": nullable(enum(Language.values, "ISO 639-1.")),
            "source": enum(GuestSource.values),
            "marketing_email_consent": boolean("Consent to marketing e-mail."),
            "marketing_email_consent_at": nullable(date_time("When the consent last became true.")),
            "marketing_sms_consent": boolean("Consent to marketing SMS."),
            "marketing_sms_consent_at": nullable(date_time("When the consent last became true.")),
            "visit_count": integer(
                "Bookings ended `seated`, `partially_seated` or `completed`; recomputed hourly.", minimum=0
            ),
            "no_show_count": integer("Recomputed like `visit_count`.", minimum=0),
            "cancellation_count": integer("Only cancelled bookings whose time has passed.", minimum=0),
            "first_visit_at": nullable(date_time("First visit.")),
            "last_visit_at": nullable(date_time("Last visit.")),
            "created_at": date_time(TIMESTAMP_NOTE),
            "updated_at": date_time(TIMESTAMP_NOTE),
        },
    )

    @staticmethod
    def render(row, tz) -> dict:
        return {
            "object": "guest",
            "id": row.public_id,
            "first_name": row.first_name,
            "last_name": row.last_name,
            "email": row.email,
            "phone": row.phone,
            "notes": row.notes,
            "blacklisted": row.blacklisted,
            "blacklist_reason": row.blacklist_reason,
            "dietary_preferences": list(row.dietary_preferences),
            "allergies": list(row.allergies),
            "birthday": iso_date(row.birthday),
            "anniversary": iso_date(row.anniversary),
            "vip": row.vip,
            "language": row.language,
            "source": row.source,
            "marketing_email_consent": row.marketing_email_consent,
            "marketing_email_consent_at": timestamp(row.marketing_email_consent_at, tz),
            "marketing_sms_consent": row.marketing_sms_consent,
            "marketing_sms_consent_at": timestamp(row.marketing_sms_consent_at, tz),
            "visit_count": row.visit_count,
            "no_show_count": row.no_show_count,
            "cancellation_count": row.cancellation_count,
            "first_visit_at": timestamp(row.first_visit_at, tz),
            "last_visit_at": timestamp(row.last_visit_at, tz),
            "created_at": timestamp(row.created_at, tz),
            "updated_at": timestamp(row.updated_at, tz),
        }


GuestListShape = list_shape(GuestShape, "A page of guest profiles.")
