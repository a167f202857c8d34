from django.contrib.postgres.fields import ArrayField
from django.db import models
from django.db.models import F, Q

from config.constraints import one_of, tenant_key
from config.ids import new_shift_id
from reservations.models.validation import block_errors, closure_errors, duplicate_errors, raise_errors, shift_errors

WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")


class DayNoteMode(models.TextChoices):
    BANNER = "banner"  # a message above the day's services
    MESSAGE_ONLY = "message_only"  # the day opens, but offers no times: only the message
    DISPLAY_ONLY = "display_only"  # nothing bookable online


DAY_NOTE_MODES = tuple(DayNoteMode.values)


def every_day() -> list[int]:
    return list(range(7))


class Shift(models.Model):
    """A service: when it runs, its seating grid, caps and booking policy.

    Guest-facing text (`name`, `guest_message`) is a string or a map by language code.
    """

    public_id = models.CharField(max_length=40, unique=True, default=new_shift_id, editable=False)
    restaurant = models.ForeignKey("reservations.Restaurant", on_delete=models.CASCADE, related_name="shifts")
    floor_plan = models.ForeignKey("reservations.FloorPlan", on_delete=models.PROTECT, related_name="shifts")
    name = models.JSONField(help_text='A string, or a map by language code: {"fr": "Dîner", "en": "Dinner"}')
    days = ArrayField(models.PositiveSmallIntegerField(), default=every_day, help_text="0 = Monday ... 6 = Sunday")
    valid_from = models.DateField(null=True, blank=True)
    valid_until = models.DateField(null=True, blank=True)
    start_time = models.TimeField()
    end_time = models.TimeField(help_text="At or before the start time: the service ends after midnight")
    last_seating = models.TimeField(null=True, blank=True, help_text="Empty: the end time")
    slot_interval_minutes = models.PositiveIntegerField(default=15)
    seating_minutes = models.PositiveIntegerField(null=True, blank=True, default=120, help_text="Empty: no duration")
    seating_minutes_by_party_size = models.JSONField(default=dict, blank=True)
    max_covers = models.PositiveIntegerField(null=True, blank=True)
    max_covers_per_slot = models.PositiveIntegerField(null=True, blank=True)
    cutoff_minutes = models.IntegerField(null=True, blank=True)
    requires_approval = models.BooleanField(default=False)
    approval_from_party_size = models.PositiveIntegerField(null=True, blank=True)
    guarantee_per_guest_amount = models.PositiveIntegerField(null=True, blank=True)
    guarantee_from_party_size = models.PositiveIntegerField(null=True, blank=True)
    guarantee_cancel_hours = models.PositiveIntegerField(null=True, blank=True)
    display_only = models.BooleanField(default=False)
    waitlist_enabled = models.BooleanField(default=False)
    guest_message = models.JSONField(null=True, blank=True)
    # When restricted, only these sections are sold online in this service.
    restrict_online_sections = models.BooleanField(default=False)
    online_sections = models.ManyToManyField("reservations.Section", blank=True, related_name="online_in_shifts")
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["start_time", "position", "id"]
        constraints = [
            models.CheckConstraint(name="shift_interval_positive", condition=Q(slot_interval_minutes__gte=1)),
            tenant_key("shift_tenant_key"),
            models.CheckConstraint(
                name="shift_seating_positive", condition=Q(seating_minutes__isnull=True) | Q(seating_minutes__gte=1)
            ),
            models.CheckConstraint(
                name="shift_cutoff_range", condition=Q(cutoff_minutes__isnull=True) | Q(cutoff_minutes__gte=-1)
            ),
            models.CheckConstraint(
                name="shift_validity_range",
                condition=Q(valid_from__isnull=True)
                | Q(valid_until__isnull=True)
                | Q(valid_from__lte=F("valid_until")),
            ),
            models.CheckConstraint(
                name="shift_guarantee_amount_positive",
                condition=Q(guarantee_per_guest_amount__isnull=True) | Q(guarantee_per_guest_amount__gte=1),
            ),
        ]

    def clean(self):
        super().clean()
        raise_errors(shift_errors(self))

    def __str__(self) -> str:
        name = self.name
        if isinstance(name, dict):
            name = next(iter(name.values()), "")
        return f"{name} {self.start_time:%H:%M}"


class Closure(models.Model):
    restaurant = models.ForeignKey("reservations.Restaurant", on_delete=models.CASCADE, related_name="closures")
    name = models.JSONField(null=True, blank=True)
    start_date = models.DateField()
    end_date = models.DateField(help_text="Inclusive")
    guest_message = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["start_date", "id"]
        constraints = [
            models.CheckConstraint(name="closure_date_range", condition=Q(start_date__lte=F("end_date"))),
        ]

    def clean(self):
        super().clean()
        raise_errors(closure_errors(self))

    def __str__(self) -> str:
        return f"Closed {self.start_date} to {self.end_date}"


class DayNote(models.Model):
    restaurant = models.ForeignKey("reservations.Restaurant", on_delete=models.CASCADE, related_name="day_notes")
    date = models.DateField()
    message = models.JSONField()
    mode = models.CharField(max_length=20, choices=DayNoteMode.choices, default=DayNoteMode.BANNER)

    class Meta:
        ordering = ["date"]
        constraints = [
            models.UniqueConstraint(fields=["restaurant", "date"], name="day_note_one_per_date"),
            one_of("mode", DayNoteMode.values, "day_note_mode_valid"),
        ]

    def clean(self):
        super().clean()
        when = f"{self.date:%Y-%m-%d}" if self.date else ""
        message = f"There is already a day note for {when}: change that note, or pick another date."
        raise_errors(duplicate_errors(self, "date", message, restaurant_id=self.restaurant_id))

    def __str__(self) -> str:
        return f"Note {self.date} ({self.mode})"


class Block(models.Model):
    """Tables taken off sale for a time on one date; no tables listed means every table."""

    restaurant = models.ForeignKey("reservations.Restaurant", on_delete=models.CASCADE, related_name="blocks")
    date = models.DateField()
    start_time = models.TimeField()
    end_time = models.TimeField(help_text="At or before the start time: the block ends after midnight")
    tables = models.ManyToManyField("reservations.Table", blank=True, related_name="blocks")
    reason = models.CharField(max_length=200, blank=True, default="")

    class Meta:
        ordering = ["date", "start_time"]

    def clean(self):
        super().clean()
        raise_errors(block_errors(self))

    def __str__(self) -> str:
        return f"Block {self.date} {self.start_time:%H:%M}-{self.end_time:%H:%M}"
