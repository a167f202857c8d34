"""What staff did to a booking, kept internally: who moved it, from which status, and what
it occupied before, so the last move can be undone within a few minutes.

The contract strips staff identity from reservation events: it lives here, beside the event.
"""

import datetime as dt

from django.conf import settings
from django.db import models

from config.constraints import one_of


class StaffAction(models.TextChoices):
    APPROVE = "approve"
    DECLINE = "decline"
    SEAT = "seat"
    PARTIALLY_SEAT = "partially_seat"
    COMPLETE = "complete"
    NO_SHOW = "no_show"
    CANCEL = "cancel"
    UNDO = "undo"
    MODIFY = "modify"
    ASSIGN_TABLES = "assign_tables"
    CREATE = "create"


# A mis-tap on the floor is taken back within these minutes: these moves (an approval and a cancel
# tell the guest at once; a decline's message waits out the window).
UNDO_WINDOW = dt.timedelta(minutes=5)
UNDOABLE = (
    StaffAction.SEAT,
    StaffAction.PARTIALLY_SEAT,
    StaffAction.COMPLETE,
    StaffAction.NO_SHOW,
    StaffAction.DECLINE,
)


class StatusChange(models.Model):
    """One staff move of one booking (the reservation event announcing it is `event`)."""

    restaurant = models.ForeignKey("reservations.Restaurant", on_delete=models.CASCADE, related_name="+")
    # status_change_last_idx (reservation, -created_at, -id) serves it.
    reservation = models.ForeignKey(
        "reservations.Reservation", on_delete=models.CASCADE, related_name="status_changes", db_index=False
    )
    event = models.ForeignKey(
        "reservations.ReservationEvent", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    action = models.CharField(max_length=20, choices=StaffAction.choices)
    from_status = models.CharField(max_length=20)
    to_status = models.CharField(max_length=20)
    # The user who acted (null for a support command run without --as, or a deleted user) and
    # their name at the time, kept when the account goes.
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    actor_name = models.CharField(max_length=150, blank=True, default="")
    override = models.BooleanField(default=False)  # the move went past an online rule (warnings_confirmed)
    # The warnings the actor confirmed (reservations/engine/staff_warnings.py codes).
    warnings_confirmed = models.JSONField(default=list, blank=True)
    # The tables and range the booking occupied before the move: [[table_id, start_iso, end_iso], ...].
    allocations_before = models.JSONField(default=list, blank=True)
    undone_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [models.Index(fields=["reservation", "-created_at", "-id"], name="status_change_last_idx")]
        constraints = [one_of("action", StaffAction.values, "status_change_action_valid")]

    def __str__(self) -> str:
        return f"{self.action} {self.from_status}->{self.to_status}"
