"""Back office of the waitlist: hosts (and above) add entries, change them, offer a place, promote an
entry to a booking or cancel it. Every write is a waitlist.services function (the same as
`manage.py waitlist`), so each announces its `waitlist_entry.*` event. Scoping: apikeys/scoped_admin.py.
"""

from django import forms
from django.contrib import admin, messages
from django.utils import timezone

from apikeys.roles import HOST, staff_actor
from apikeys.scoped_admin import RestaurantScopedAdmin
from config.exceptions import DomainError
from reservations.exceptions import BookingRulesViolated
from reservations.services.staff_terms import StaffTerms
from waitlist import services
from waitlist.models import MOVE_FIELDS, OPEN_STATUSES, WANTED_FIELDS, WORKED_OUT_FIELDS, WaitlistEntry


class WaitlistEntryForm(forms.ModelForm):
    class Meta:
        model = WaitlistEntry
        fields = "__all__"

    def clean(self):
        cleaned = super().clean()
        start, end = cleaned.get("window_start"), cleaned.get("window_end")
        if start and end:
            try:
                services.window_offsets(start, end, None, None)
            except DomainError as error:
                raise forms.ValidationError(error.message) from error
        if cleaned.get("party_size") is not None and cleaned["party_size"] < 1:
            self.add_error("party_size", "A party has at least one guest.")
        return cleaned


def refusal_text(error: DomainError) -> str:
    if isinstance(error, BookingRulesViolated):
        return "refused by the booking rules: " + ", ".join(v["code"] for v in error.violations)
    return error.message


@admin.register(WaitlistEntry)
class WaitlistEntryAdmin(RestaurantScopedAdmin):
    required_role = HOST
    form = WaitlistEntryForm
    list_display = (
        "public_id",
        "service_date",
        "window",
        "party_size",
        "guest",
        "status",
        "joined_via",
        "reservation",
    )
    list_filter = ("status", "joined_via", "service_date")
    search_fields = ("public_id", "guest__first_name", "guest__last_name", "guest__email")
    list_select_related = ("guest", "reservation")
    date_hierarchy = "service_date"
    autocomplete_fields = ("guest",)
    actions = ("offer", "promote", "cancel")
    readonly_fields = ("public_id", "status", *WORKED_OUT_FIELDS, *MOVE_FIELDS, "created_at", "updated_at")
    fields = (
        "restaurant",
        "public_id",
        "status",
        "guest",
        "joined_via",
        *WANTED_FIELDS,
        *WORKED_OUT_FIELDS,
        "notes",
        "private_note",
        *MOVE_FIELDS,
        "created_at",
        "updated_at",
    )

    @admin.display(description="window")
    def window(self, obj: WaitlistEntry) -> str:
        tail = " (+1 day)" if obj.window_end_day_offset else ""
        return f"{obj.window_start:%H:%M}-{obj.window_end:%H:%M}{tail}"

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        if obj is not None:
            fields += ["guest", "joined_via", "service_date"]  # an entry keeps who, how and when
            if obj.status not in OPEN_STATUSES:
                fields += ["party_size", "window_start", "window_end", "notes"]
        return fields

    def has_delete_permission(self, request, obj=None):
        return False  # cancel instead: the partner sees `waitlist_entry.cancelled`

    def save_model(self, request, obj, form, change):
        self.check_can_manage(request, obj)
        data = form.cleaned_data
        if change:
            entry = services.change_entry(
                entry=obj,
                party_size=data.get("party_size") if "party_size" in form.changed_data else None,
                window_start=data.get("window_start") if "window_start" in form.changed_data else None,
                window_end=data.get("window_end") if "window_end" in form.changed_data else None,
                notes=data.get("notes") or None if "notes" in form.changed_data else None,
                clear_notes="notes" in form.changed_data and not data.get("notes"),
                private_note=(data.get("private_note") or "") if "private_note" in form.changed_data else None,
            )
        else:
            entry = services.add_entry(
                restaurant=obj.restaurant,
                guest=data["guest"],
                service_date=data["service_date"],
                party_size=data["party_size"],
                window_start=data["window_start"],
                window_end=data["window_end"],
                notes=data.get("notes"),
                private_note=data.get("private_note"),
                joined_via=data.get("joined_via") or "staff",
            )
        obj.pk = entry.pk
        obj.refresh_from_db()

    def save_related(self, request, form, formsets, change):
        pass

    # --- actions ---------------------------------------------------------------------------------

    def _each(self, request, queryset, verb: str, work) -> None:
        done = []
        for entry in queryset.select_related("restaurant"):
            self.check_can_manage(request, entry)
            try:
                work(entry)
            except DomainError as error:
                self.message_user(request, f"{entry.public_id}: {refusal_text(error)}", messages.ERROR)
            else:
                done.append(entry.public_id)
        if done:
            self.message_user(request, f"{verb}: {', '.join(done)}.")

    @admin.action(description="Offer a place (at the window's start)")
    def offer(self, request, queryset):
        self._each(request, queryset, "Offered", lambda e: services.offer_entry(entry=e, now=timezone.now()))

    @admin.action(description="Book (a reservation at the window's start or the time offered)")
    def promote(self, request, queryset):
        """Staff book on staff terms (a bulk action confirms no warning: one is reported, to be
        confirmed from the host's side panel)."""

        def book(entry):
            terms = StaffTerms(actor=staff_actor(request, entry.restaurant_id))
            return services.promote_entry(entry=entry, staff=terms)

        self._each(request, queryset, "Booked", book)

    @admin.action(description="Cancel")
    def cancel(self, request, queryset):
        self._each(request, queryset, "Cancelled", lambda e: services.cancel_entry(entry=e))
