"""Back office of the booking policy: the restaurant, floor plans, sections, tables,
joined tables, shifts, closures, day notes, blocks and companies.

Managers (and owners, co-owners) edit; hosts look. Every write bumps the restaurant's
availability version (RestaurantScopedAdmin.bump_availability). Scoping rules:
apikeys/scoped_admin.py.
"""

from django.contrib import admin, messages
from django.contrib.admin.filters import RelatedOnlyFieldListFilter
from django.core.exceptions import PermissionDenied
from django.db import models
from django.db.models import Count

from apikeys.roles import HOST, MANAGE_POLICY
from apikeys.scoped_admin import RestaurantScopedAdmin, RestaurantScopedTabularInline
from reservations.admin.forms import (
    ClosureForm,
    CombinationForm,
    DayNoteForm,
    RestaurantForm,
    SectionForm,
    ShiftForm,
)
from reservations.admin.protection import ProtectingInlineFormSet, outgrown_bookings, protected_bookings
from reservations.models import (
    Block,
    Closure,
    Combination,
    Company,
    DayNote,
    FloorPlan,
    Restaurant,
    Section,
    Shift,
    Table,
)

CHOICE_SELECT_RELATED = {Section: ("floor_plan",), Table: ("section",)}


class PolicyAdmin(RestaurantScopedAdmin):
    required_role = MANAGE_POLICY
    view_role = HOST
    bump_availability = True
    choice_select_related = CHOICE_SELECT_RELATED

    def get_deleted_objects(self, objs, request):
        """Bookings that depend on what is deleted make it protected: listed, never cascaded."""
        deleted, counts, perms_needed, protected = super().get_deleted_objects(objs, request)
        return deleted, counts, perms_needed, [*protected, *protected_bookings(objs)]

    def delete_model(self, request, obj):
        if protected_bookings([obj]):  # the page refused already; a crafted POST is refused too
            raise PermissionDenied
        super().delete_model(request, obj)

    def delete_queryset(self, request, queryset):
        if protected_bookings(list(queryset)):
            raise PermissionDenied
        super().delete_queryset(request, queryset)

    def save_formset(self, request, form, formset, change):
        super().save_formset(request, form, formset, change)
        if formset.model is Table:
            for table in formset.new_objects + [obj for obj, _changed in formset.changed_objects]:
                warn_outgrown(request, table)


def warn_outgrown(request, table) -> None:
    lines = outgrown_bookings(table)
    if lines:
        messages.warning(
            request,
            f"Table {table} now seats {table.max_capacity}; these bookings no longer fit and need another "
            "table: " + "; ".join(lines),
        )


class PolicyInline(RestaurantScopedTabularInline):
    required_role = MANAGE_POLICY
    view_role = HOST
    choice_select_related = CHOICE_SELECT_RELATED
    formset = ProtectingInlineFormSet
    extra = 0


# Operator settings (plan, payments switch, rate-limit raises): superusers only.
OPERATOR_FIELDS = (
    "slug",
    "api_access",
    "payments_enabled",
    "write_burst",
    "write_per_second",
    "write_per_day",
    "read_burst",
    "read_per_second",
)
VERSION_FIELDS = ("availability_version", "policy_version")


@admin.register(Restaurant)
class RestaurantAdmin(PolicyAdmin):
    form = RestaurantForm
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}
    restaurant_lookup = "pk"
    show_restaurant_column = False
    list_display = ("name", "slug", "timezone", "country", "currency", "public_id")
    search_fields = ("name", "slug", "public_id")
    readonly_fields = ("public_id", *VERSION_FIELDS, "created_at", "updated_at")
    fieldsets = (
        (None, {"fields": ("name", "slug", "public_id", "timezone", "country", "currency")}),
        ("Languages", {"fields": ("primary_language", "guest_languages")}),
        (
            "Bookings",
            {
                "fields": (
                    "min_party_size",
                    "max_party_size",
                    "default_party_size",
                    "max_advance_days",
                    "default_cutoff_minutes",
                    "show_seating_preference",
                )
            },
        ),
        ("At the host stand", {"fields": ("manager_only_warnings",)}),
        ("Guest details", {"fields": ("require_guest_email", "require_guest_phone", "required_guest_fields")}),
        (
            "Channels",
            {"fields": ("api_access", "payments_enabled", "payment_provider", "widget_enabled", "booking_page_url")},
        ),
        (
            "Rate-limit raises (empty: the contract's defaults)",
            {
                "classes": ("collapse",),
                "fields": ("write_burst", "write_per_second", "write_per_day", "read_burst", "read_per_second"),
            },
        ),
        ("Record", {"fields": (*VERSION_FIELDS, "created_at", "updated_at")}),
    )

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        if not request.user.is_superuser:
            fields += [name for name in OPERATOR_FIELDS if name not in fields]
        return fields

    def has_add_permission(self, request):
        return request.user.is_active and request.user.is_superuser

    def has_delete_permission(self, request, obj=None):
        return request.user.is_active and request.user.is_superuser

    def save_model(self, request, obj, form, change):
        if not change:
            if not request.user.is_superuser:
                raise PermissionDenied
            obj.save()
            return
        self.check_can_manage(request, obj)
        # Never write the versions back: a booking may have bumped them since this page loaded.
        skip = {"id", *VERSION_FIELDS, "created_at"}
        obj.save(update_fields=[f.name for f in obj._meta.concrete_fields if f.name not in skip])


class SectionInline(PolicyInline):
    model = Section
    form = SectionForm
    fields = ("name", "area_type", "bookable_online", "group_leader", "position")
    show_change_link = True


class CombinationInline(PolicyInline):
    model = Combination
    form = CombinationForm
    fields = ("tables", "min_capacity", "max_capacity", "bookable_online")


@admin.register(FloorPlan)
class FloorPlanAdmin(PolicyAdmin):
    list_display = ("name", "position", "section_count")
    search_fields = ("name",)
    ordering = ("position", "id")
    fields = ("restaurant", "name", "position")
    inlines = [SectionInline, CombinationInline]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(_sections=Count("sections"))

    @admin.display(description="Sections", ordering="_sections")
    def section_count(self, obj):
        return obj._sections


class TableInline(PolicyInline):
    model = Table
    fields = ("name", "min_capacity", "max_capacity", "bookable_online", "position")


@admin.register(Section)
class SectionAdmin(PolicyAdmin):
    form = SectionForm
    restaurant_source_field = "floor_plan"
    list_display = ("name", "floor_plan", "area_type", "bookable_online", "group_leader", "position", "public_id")
    list_filter = ("area_type", "bookable_online", ("floor_plan", RelatedOnlyFieldListFilter))
    search_fields = ("name", "public_id")
    list_select_related = ("floor_plan", "group_leader__floor_plan")
    fields = ("floor_plan", "name", "public_id", "area_type", "bookable_online", "group_leader", "position")
    readonly_fields = ("public_id",)
    inlines = [TableInline]


@admin.register(Table)
class TableAdmin(PolicyAdmin):
    restaurant_source_field = "section"
    list_display = ("name", "section", "min_capacity", "max_capacity", "bookable_online", "position", "public_id")
    list_filter = ("bookable_online", ("section", RelatedOnlyFieldListFilter))
    search_fields = ("name", "public_id", "section__name")
    list_select_related = ("section__floor_plan",)
    fields = ("section", "name", "public_id", "min_capacity", "max_capacity", "bookable_online", "position")
    readonly_fields = ("public_id",)

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if change and "max_capacity" in form.changed_data:
            warn_outgrown(request, obj)


@admin.register(Combination)
class CombinationAdmin(PolicyAdmin):
    form = CombinationForm
    restaurant_source_field = "floor_plan"
    list_display = ("__str__", "floor_plan", "min_capacity", "max_capacity", "bookable_online")
    list_filter = ("bookable_online", ("floor_plan", RelatedOnlyFieldListFilter))
    search_fields = ("tables__name",)
    list_select_related = ("floor_plan",)
    fields = ("floor_plan", "tables", "min_capacity", "max_capacity", "bookable_online")
    filter_horizontal = ("tables",)

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("tables")


@admin.register(Shift)
class ShiftAdmin(PolicyAdmin):
    form = ShiftForm
    restaurant_source_field = "floor_plan"
    list_display = ("__str__", "floor_plan", "start_time", "end_time", "weekdays", "display_only", "public_id")
    list_filter = ("display_only", "requires_approval", ("floor_plan", RelatedOnlyFieldListFilter))
    search_fields = ("name", "public_id")
    list_select_related = ("floor_plan",)
    readonly_fields = ("public_id",)
    filter_horizontal = ("online_sections",)
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
        names = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
        return ", ".join(names[day] for day in obj.days if 0 <= day < 7)


@admin.register(Closure)
class ClosureAdmin(PolicyAdmin):
    form = ClosureForm
    list_display = ("__str__", "start_date", "end_date", "name")
    search_fields = ("name",)
    fields = ("restaurant", "name", "start_date", "end_date", "guest_message")


@admin.register(DayNote)
class DayNoteAdmin(PolicyAdmin):
    form = DayNoteForm
    list_display = ("date", "mode", "message")
    list_filter = ("mode",)
    search_fields = ("message",)
    fields = ("restaurant", "date", "mode", "message")


@admin.register(Block)
class BlockAdmin(PolicyAdmin):
    list_display = ("__str__", "date", "start_time", "end_time", "reason", "table_names")
    search_fields = ("reason",)
    fields = ("restaurant", "date", "start_time", "end_time", "tables", "reason")
    filter_horizontal = ("tables",)

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("tables")

    @admin.display(description="Tables")
    def table_names(self, obj):
        names = [table.name for table in obj.tables.all()]
        return ", ".join(names) if names else "every table"


@admin.register(Company)
class CompanyAdmin(PolicyAdmin):
    list_display = ("name", "public_id", "created_at")
    search_fields = ("name", "public_id")
    fields = ("restaurant", "name", "public_id")
    readonly_fields = ("public_id",)


from reservations.admin import (  # noqa: E402  (these modules register their admins)
    bookings,  # noqa: F401  (bookings and holds, their actions)
    guarantees,  # noqa: F401  (card guarantees and feedback)
)
