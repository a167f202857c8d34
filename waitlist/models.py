"""Waitlist entries: a party waiting for a table on a service date, within a window of times."""

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from config.constraints import one_of, tenant_key
from config.ids import new_waitlist_entry_id, random_token


def new_guest_token() -> str:
    """The entry's guest page capability (`/book/{slug}/waitlist/{token}`): 32 random characters."""
    return random_token(32)


class WaitlistStatus(models.TextChoices):
    """The contract's states; the labels are what staff read (translated)."""

    ACTIVE = "active", _("Waiting")
    OFFERED = "offered", _("Offered")  # a place offered, the offer open
    SUGGESTED = "suggested", _("A table is free")  # proposed to staff (a table freed up in its window)
    PROMOTED = "promoted", _("Booked")  # became a booking (`reservation`)
    CANCELLED = "cancelled", _("Removed")  # withdrawn by the guest or the restaurant
    EXPIRED = "expired", _("Expired")  # its service passed, or its offer ran out


OPEN_STATUSES = (WaitlistStatus.ACTIVE, WaitlistStatus.OFFERED, WaitlistStatus.SUGGESTED)
FINAL_STATUSES = (WaitlistStatus.PROMOTED, WaitlistStatus.CANCELLED, WaitlistStatus.EXPIRED)


class JoinedVia(models.TextChoices):
    WIDGET = "widget"
    STAFF = "staff"
    PARTNER_PLATFORM = "partner_platform"


# What the guest asks for: a party, on a service date, within a window of times.
WANTED_FIELDS = ("service_date", "party_size", "window_start", "window_end")
# Worked out when they join: the window's day offsets and the service it falls in, as recorded then.
WORKED_OUT_FIELDS = (
    "window_start_day_offset",
    "window_end_day_offset",
    "shift_name",
    "shift_start_time",
    "shift_end_time",
)
# Set by the waitlist's moves (offer, suggest, promote, cancel, expire).
MOVE_FIELDS = ("reservation", "offered_at", "offered_time", "offer_expires_at", "suggested_at", "ended_at")


class WaitlistEntry(models.Model):
    public_id = models.CharField(max_length=40, unique=True, default=new_waitlist_entry_id, editable=False)
    restaurant = models.ForeignKey("reservations.Restaurant", on_delete=models.CASCADE, related_name="+")
    guest = models.ForeignKey("guests.Guest", on_delete=models.PROTECT, related_name="waitlist_entries")
    status = models.CharField(max_length=20, choices=WaitlistStatus.choices, default=WaitlistStatus.ACTIVE)
    joined_via = models.CharField(max_length=20, choices=JoinedVia.choices, default=JoinedVia.STAFF)
    service_date = models.DateField()
    party_size = models.PositiveIntegerField()
    # Wall-clock times on the service date; an offset of 1 is the post-midnight tail of the service.
    window_start = models.TimeField()
    window_end = models.TimeField()
    window_start_day_offset = models.PositiveSmallIntegerField(default=0)
    window_end_day_offset = models.PositiveSmallIntegerField(default=0)
    # The service the guest joined for, as recorded then (the shift may change or go later).
    shift = models.ForeignKey("reservations.Shift", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    shift_name = models.CharField(max_length=200, null=True, blank=True)
    shift_start_time = models.TimeField(null=True, blank=True)
    shift_end_time = models.TimeField(null=True, blank=True)
    notes = models.TextField(null=True, blank=True, help_text="The guest's own request (guest data).")
    private_note = models.TextField(
        null=True, blank=True, help_text="Staff only: never on a partner surface (API, webhooks, events)."
    )
    reservation = models.OneToOneField(
        "reservations.Reservation", null=True, blank=True, on_delete=models.SET_NULL, related_name="waitlist_entry"
    )
    # What the host told a party waiting at the door, in minutes (staff only; the panel shows it
    # beside the time they have waited).
    quoted_wait_minutes = models.PositiveIntegerField(null=True, blank=True)
    offered_at = models.DateTimeField(null=True, blank=True)
    # The time offered to the guest (staff side), and when the offer runs out.
    offered_time = models.TimeField(null=True, blank=True)
    offer_expires_at = models.DateTimeField(null=True, blank=True)
    suggested_at = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    # The guest's own page for the entry (unguessable, like a booking's modification_token), and the
    # widget form that made it (a second post of the same form finds this entry).
    guest_token = models.CharField(max_length=64, unique=True, default=new_guest_token, editable=False)
    widget_submission = models.CharField(max_length=64, null=True, blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "waitlist entries"
        indexes = [
            models.Index(fields=["restaurant", "-created_at", "-id"], name="waitlist_list_idx"),
            models.Index(fields=["restaurant", "updated_at", "id"], name="waitlist_updated_idx"),
            # A day's entries in list order (GET ?service_date=, the day sheet, suggestions, the sweep).
            models.Index(fields=["restaurant", "service_date", "-created_at", "-id"], name="waitlist_day_idx"),
            models.Index(fields=["guest"], name="waitlist_guest_idx"),
        ]
        constraints = [
            tenant_key("waitlist_entry_tenant_key"),
            models.UniqueConstraint(fields=["restaurant", "widget_submission"], name="waitlist_widget_submission_once"),
            one_of("status", WaitlistStatus.values, "waitlist_status_valid"),
            one_of("joined_via", JoinedVia.values, "waitlist_joined_via_valid"),
            models.CheckConstraint(name="waitlist_party_positive", condition=Q(party_size__gte=1)),
            models.CheckConstraint(
                name="waitlist_offsets_valid",
                condition=Q(window_start_day_offset__in=[0, 1]) & Q(window_end_day_offset__in=[0, 1]),
            ),
            models.CheckConstraint(
                name="waitlist_window_ordered",
                condition=Q(window_end_day_offset__gt=F("window_start_day_offset"))
                | (Q(window_end_day_offset=F("window_start_day_offset")) & Q(window_end__gte=F("window_start"))),
            ),
            models.CheckConstraint(
                name="waitlist_promoted_has_reservation",
                condition=~Q(status="promoted") | Q(reservation__isnull=False),
            ),
        ]

    def __str__(self) -> str:
        return self.public_id

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES
