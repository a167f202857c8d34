"""Wire shape of a guest profile (needs guests:read wherever it appears)."""

from config.api.formats import iso_date, timestamp


def guest(row, tz) -> dict:
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
