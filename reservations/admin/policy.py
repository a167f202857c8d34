"""What every page of the booking policy shares: who may edit (managers, owners, co-owners) and
look (hosts), the availability bump on every write, deletions that would strand bookings refused,
numbers below their floor explained in restaurant terms, and inline rows whose boxes say what
they are (a tabular inline has no label per box, only its column's heading)."""

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied

from apikeys.roles import HOST, MANAGE_POLICY
from apikeys.scoped_admin import RestaurantScopedAdmin, RestaurantScopedTabularInline
from reservations.admin.protection import ProtectingInlineFormSet, outgrown_bookings, protected_bookings
from reservations.models import Section, Table
from reservations.models.validation import NUMBER_FLOORS
from reservations.services.availability_version import bump_availability_version

CHOICE_SELECT_RELATED = {Section: ("floor_plan",), Table: ("section",)}

# Inline rows whose `name` must differ from their siblings' (the database's unique constraint).
UNIQUE_NAMES = {Table: "table"}


def with_number_floor(formfield, name: str):
    """Django's "Ensure this value is greater than or equal to 0." said in restaurant terms."""
    message = NUMBER_FLOORS.get(name)
    if message and isinstance(formfield, (forms.IntegerField, forms.FloatField)):
        formfield.error_messages = {**formfield.error_messages, "min_value": message}
    return formfield


class NumberFloorsMixin:
    def formfield_for_dbfield(self, db_field, request, **kwargs):
        formfield = super().formfield_for_dbfield(db_field, request, **kwargs)
        return with_number_floor(formfield, db_field.name) if formfield is not None else None


class PolicyAdmin(NumberFloorsMixin, RestaurantScopedAdmin):
    required_role = MANAGE_POLICY
    view_role = HOST
    choice_select_related = CHOICE_SELECT_RELATED

    def after_write(self, restaurant_ids) -> None:
        for restaurant_id in sorted({rid for rid in restaurant_ids if rid is not None}):
            bump_availability_version(restaurant_id)

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


class PolicyInlineFormSet(ProtectingInlineFormSet):
    """Each box named by its column and row; two rows of one parent with the same name are refused
    next to the name, in words (Django says "Please correct the duplicate data" above the rows)."""

    def add_fields(self, form, index):
        super().add_fields(form, index)
        row = f", row {index + 1}" if index is not None else ""
        for field in form.fields.values():
            widget = field.widget
            if isinstance(widget, (forms.HiddenInput, forms.CheckboxSelectMultiple, forms.RadioSelect)):
                continue  # hidden, or each choice carries its own label
            inner = getattr(widget, "widget", widget)  # the admin's related-object wrapper
            inner.attrs["aria-label"] = f"{field.label or ''}{row}".strip()

    def clean(self):
        what = UNIQUE_NAMES.get(self.model)
        if what is not None:
            seen, deleted = set(), self.deleted_forms
            for form in self.forms:
                if form in deleted or (form.instance.pk is None and not form.has_changed()):
                    continue
                name = (getattr(form, "cleaned_data", None) or {}).get("name")
                if name is None:
                    continue
                if name in seen:
                    form.add_error("name", f"Two rows are named “{name}”: give each {what} its own name.")
                seen.add(name)
        super().clean()


class PolicyInline(NumberFloorsMixin, RestaurantScopedTabularInline):
    required_role = MANAGE_POLICY
    view_role = HOST
    choice_select_related = CHOICE_SELECT_RELATED
    formset = PolicyInlineFormSet
    extra = 0
