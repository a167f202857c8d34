"""Services (shifts), closures, day notes, blocks and companies."""

from django.contrib import admin, messages
from django.contrib.admin.filters import RelatedOnlyFieldListFilter

from reservations.admin.forms import BlockForm, ClosureForm, DayNoteForm, ShiftForm
from reservations.admin.policy import PolicyAdmin
from reservations.admin.widgets import readable_text
from reservations.models import Block, Closure, Company, DayNote, Shift

DAY_NAMES = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


@admin.register(Shift)
class ShiftAdmin(PolicyAdmin):
    form = ShiftForm
    restaurant_source_field = "floor_plan"
    list_display = ("__str__", "floor_plan", "start_time", "end_time", "weekdays", "display_only", "public_id")
    list_filter = ("display_only", "requires_approval", ("floor_plan", RelatedOnlyFieldListFilter))
    search_fields = ("name", "public_id")
    list_select_related = ("floor_plan",)
    readonly_fields = ("public_id",)
    fieldsets = (
        (None, {"fields": ("floor_plan", "name", "public_id", "days", "valid_from", "valid_until", "position")}),
        (
            "Seatings",
            {
                "fields": (
                    "start_time",
                    "end_time",
                    "last_seating",
                    "slot_interval_minutes",
                    "seating_minutes",
                    "seating_minutes_by_party_size",
                )
            },
        ),
        ("Caps", {"fields": ("max_covers", "max_covers_per_slot", "cutoff_minutes")}),
        ("Approval", {"fields": ("requires_approval", "approval_from_party_size")}),
        (
            "Card guarantee",
            {"fields": ("guarantee_per_guest_amount", "guarantee_from_party_size", "guarantee_cancel_hours")},
        ),
        (
            "Online",
            {
                "fields": (
                    "display_only",
                    "waitlist_enabled",
                    "guest_message",
                    "restrict_online_sections",
                    "online_sections",
                )
            },
        ),
    )

    @admin.display(description="Days")
    def weekdays(self, obj):
        return ", ".join(DAY_NAMES[day] for day in obj.days if 0 <= day < 7)


class GuestTextColumns:
    """Guest-facing texts in a list as words, not JSON: the primary language's text, the other
    languages named."""

    @staticmethod
    def guest_text(obj, name: str):
        return readable_text(getattr(obj, name), obj.restaurant.primary_language)


@admin.register(Closure)
class ClosureAdmin(GuestTextColumns, PolicyAdmin):
    form = ClosureForm
    list_display = ("__str__", "start_date", "end_date", "name_text", "guest_message_text")
    search_fields = ("name",)
    fields = ("restaurant", "name", "start_date", "end_date", "guest_message")

    @admin.display(description="Name")
    def name_text(self, obj):
        return self.guest_text(obj, "name")

    @admin.display(description="Guest message")
    def guest_message_text(self, obj):
        return self.guest_text(obj, "guest_message")


@admin.register(DayNote)
class DayNoteAdmin(GuestTextColumns, PolicyAdmin):
    form = DayNoteForm
    list_display = ("date", "mode", "message_text")
    list_filter = ("mode",)
    search_fields = ("message",)
    fields = ("restaurant", "date", "mode", "message")

    @admin.display(description="Message")
    def message_text(self, obj):
        return self.guest_text(obj, "message")


@admin.register(Block)
class BlockAdmin(PolicyAdmin):
    form = BlockForm
    list_display = ("__str__", "date", "start_time", "end_time", "reason", "table_names")
    search_fields = ("reason",)
    fields = ("restaurant", "date", "start_time", "end_time", "tables", "reason")

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("tables")

    @admin.display(description="Tables")
    def table_names(self, obj):
        names = [table.name for table in obj.tables.all()]
        return ", ".join(names) if names else "Every table"

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        if not form.cleaned_data.get("tables"):
            block = form.instance
            messages.warning(
                request,
                f"No table was ticked, so this block takes every table off sale on {block.date:%Y-%m-%d} from "
                f"{block.start_time:%H:%M} to {block.end_time:%H:%M}. Tick tables to block only those.",
            )


@admin.register(Company)
class CompanyAdmin(PolicyAdmin):
    list_display = ("name", "public_id", "created_at")
    search_fields = ("name", "public_id")
    fields = ("restaurant", "name", "public_id")
    readonly_fields = ("public_id",)
