"""The restaurant-scoped Django admin: the base of every back-office page.

Applies the user's restaurants (apikeys/roles.py) everywhere the admin reads or
writes: querysets, object permissions, foreign-key and many-to-many choices, form
validation, saves and deletes.

Reusing it for a new app's admin::

    from apikeys.roles import HOST
    from apikeys.scoped_admin import RestaurantScopedAdmin, RestaurantScopedTabularInline

    @admin.register(Hold)
    class HoldAdmin(RestaurantScopedAdmin):
        required_role = HOST            # who may add, change, delete
        # view_role = HOST              # who may look (defaults to required_role)
        # def after_write(self, restaurant_ids): ...  # once a save or delete is done
        # restaurant_source_field = "x" # derive restaurant from this FK instead of a field

The model must carry a ``restaurant`` foreign key (every tenant-owned table
does). Foreign keys to other tenant-owned models are limited to the user's
restaurants automatically; foreign keys to models without a ``restaurant``
offer *nothing* to non-superusers unless the model is listed in
``unscoped_related_models`` (safe by default).
"""

from __future__ import annotations

from django.contrib import admin
from django.contrib.admin.filters import RelatedOnlyFieldListFilter
from django.core.exceptions import FieldDoesNotExist, PermissionDenied
from django.db import models
from django.forms.models import BaseInlineFormSet

from apikeys.models import Role
from apikeys.roles import CAPABILITY_ROLES, MANAGE_POLICY, RestaurantAccess, restaurant_access, roles_by_restaurant
from config.one_line import OneLineFormFields
from config.tenancy import restaurant_model

Restaurant = restaurant_model()


def has_restaurant_field(model) -> bool:
    try:
        field = model._meta.get_field("restaurant")
    except FieldDoesNotExist:
        return False
    return field.is_relation and field.related_model is Restaurant


def restaurant_id_of(obj) -> int | None:
    """The restaurant an object belongs to (a restaurant belongs to itself)."""
    if obj is None:
        return None
    if isinstance(obj, Restaurant):
        return obj.pk
    return getattr(obj, "restaurant_id", None)


def roles_in_words(capability: str) -> str:
    """The roles holding a capability, e.g. "owners and co-owners"."""
    names = [f"{role.label}s" for role in Role if role.value in CAPABILITY_ROLES[capability]]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _related_objects(value) -> list:
    if isinstance(value, models.Model):
        return [value]
    if isinstance(value, (models.QuerySet, list, tuple, set)):
        return [item for item in value if isinstance(item, models.Model)]
    return []


class RestaurantConsistentFormMixin:
    """Form behaviour added to every scoped admin form.

    Works out which restaurant the edited object belongs to, sets it on a new
    object whose form has no ``restaurant`` field (from the inline's parent or
    from ``restaurant_source_field``), and refuses any chosen related object of
    another restaurant.
    """

    restaurant_source_field: str | None = None
    restaurant_parent = None  # set by ScopedInlineFormSet on inline forms

    def scoped_restaurant_id(self, cleaned_data) -> int | None:
        instance = self.instance
        if isinstance(instance, Restaurant):
            return instance.pk
        if instance.pk is not None and getattr(instance, "restaurant_id", None) is not None:
            return instance.restaurant_id
        if "restaurant" in self.fields:
            return restaurant_id_of(cleaned_data.get("restaurant"))
        if self.restaurant_parent is not None:
            return restaurant_id_of(self.restaurant_parent)
        if self.restaurant_source_field:
            return restaurant_id_of(cleaned_data.get(self.restaurant_source_field))
        return getattr(instance, "restaurant_id", None)

    def clean(self):
        cleaned_data = super().clean()
        restaurant_id = self.scoped_restaurant_id(cleaned_data)
        if restaurant_id is None:
            return cleaned_data
        if has_restaurant_field(type(self.instance)) and self.instance.restaurant_id is None:
            self.instance.restaurant_id = restaurant_id
        for name, value in list(cleaned_data.items()):
            if name == "restaurant":
                continue
            for related in _related_objects(value):
                if isinstance(related, Restaurant):
                    continue
                other = restaurant_id_of(related)
                if other is not None and other != restaurant_id:
                    label = related._meta.verbose_name
                    self.add_error(name, f"Choose a {label} of this restaurant.")
                    break
        return cleaned_data


def _with_consistency(form_class, source_field: str | None):
    if issubclass(form_class, RestaurantConsistentFormMixin) and form_class.restaurant_source_field == source_field:
        return form_class
    attrs = {"restaurant_source_field": source_field, "__module__": form_class.__module__}
    return type(form_class.__name__, (RestaurantConsistentFormMixin, form_class), attrs)


class ScopedInlineFormSet(BaseInlineFormSet):
    """Hands the parent object to each inline form (its restaurant is the child's)."""

    def _construct_form(self, i, **kwargs):
        form = super()._construct_form(i, **kwargs)
        form.restaurant_parent = self.instance
        return form

    @property
    def empty_form(self):
        form = super().empty_form
        form.restaurant_parent = self.instance
        return form


class RestaurantScopedMixin(OneLineFormFields):
    """What scoped model admins and scoped inlines share (a one-line column refuses line breaks)."""

    #: Capability needed to add, change and delete (see CAPABILITY_ROLES).
    required_role: str = MANAGE_POLICY
    #: Capability needed to look; None means the same as required_role.
    view_role: str | None = None
    #: ORM path from the model to its restaurant ("pk" for Restaurant itself).
    restaurant_lookup: str = "restaurant"
    #: A foreign key whose restaurant becomes the new object's (the form then has no restaurant field).
    restaurant_source_field: str | None = None
    #: Models without a restaurant whose every row non-superusers may pick in a form.
    unscoped_related_models: tuple = ()
    #: select_related() per related model when building choices (their __str__ may follow a key).
    choice_select_related: dict = {}

    # --- access ---------------------------------------------------------------

    def get_view_role(self) -> str:
        return self.view_role or self.required_role

    def manage_access(self, request) -> RestaurantAccess:
        return restaurant_access(request, self.required_role)

    def view_access(self, request) -> RestaurantAccess:
        return restaurant_access(request, self.get_view_role())

    def can_manage_restaurant(self, request, restaurant_id) -> bool:
        return restaurant_id is not None and restaurant_id in self.manage_access(request)

    def check_can_manage(self, request, obj) -> None:
        """Refuse, whatever the form said, a write to a restaurant the user cannot manage."""
        if not self.can_manage_restaurant(request, restaurant_id_of(obj)):
            raise PermissionDenied

    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        return self.view_access(request).filter(queryset, self.restaurant_lookup)

    def who_may_open(self, request) -> str:
        """The back office's 403 page (config/urls.handler403): who may open these pages, the user's role."""
        what, may_look = self.model._meta.verbose_name_plural, bool(self.view_access(request))
        capability = self.required_role if may_look else self.get_view_role()  # may look: a change was refused
        verb = f"change its {what}" if may_look else f"open the {what} pages"
        roles = sorted({Role(role).label for role in roles_by_restaurant(request).values()})
        mine = f" Your role: {' and '.join(roles)}." if roles else ""
        return f"Only a restaurant's {roles_in_words(capability)} may {verb}.{mine}"

    # --- form choices -----------------------------------------------------------

    def scope_choices(self, request, queryset):
        """Limit the choices of a related field to what the user may manage."""
        model = queryset.model
        related = self.choice_select_related.get(model)
        if related:
            queryset = queryset.select_related(*related)
        access = self.manage_access(request)
        if access.everything:
            return queryset
        if issubclass(model, Restaurant):
            return access.filter(queryset, "pk")
        if has_restaurant_field(model):
            return access.filter(queryset, "restaurant")
        if model in self.unscoped_related_models:
            return queryset
        return queryset.none()

    def _base_choices(self, db_field, request, kwargs):
        queryset = kwargs.get("queryset")
        if queryset is None:
            queryset = self.get_field_queryset(kwargs.get("using"), db_field, request)
        if queryset is None:
            queryset = db_field.remote_field.model._default_manager.using(kwargs.get("using")).all()
        return queryset

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        kwargs["queryset"] = self.scope_choices(request, self._base_choices(db_field, request, kwargs))
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def formfield_for_manytomany(self, db_field, request, **kwargs):
        kwargs["queryset"] = self.scope_choices(request, self._base_choices(db_field, request, kwargs))
        return super().formfield_for_manytomany(db_field, request, **kwargs)

    # --- writes -----------------------------------------------------------------

    def after_write(self, restaurant_ids) -> None:
        """Called once a save or delete is done, with the restaurants it wrote to (None among them
        for a row without one): an app's admin hands its consequences over here (reservations'
        policy pages mark cached availability stale)."""


class ReadOnlyRecords:
    """For records nobody edits by hand (deliveries, attempts, charges, feedback): listed and
    read only. Put it first among the bases: `class X(ReadOnlyRecords, RestaurantScopedAdmin)`."""

    def has_add_permission(self, request, obj=None):  # obj: inlines are asked with their parent
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class RestaurantScopedAdmin(RestaurantScopedMixin, admin.ModelAdmin):
    """A model admin showing and changing only the user's restaurants' rows."""

    #: Show the restaurant column when the user sees several restaurants.
    show_restaurant_column: bool = True

    # --- permissions --------------------------------------------------------------

    def has_module_permission(self, request):
        return bool(self.view_access(request))

    def has_view_permission(self, request, obj=None):
        if obj is None:
            return bool(self.view_access(request)) or bool(self.manage_access(request))
        restaurant_id = restaurant_id_of(obj)
        return restaurant_id in self.view_access(request) or restaurant_id in self.manage_access(request)

    def has_add_permission(self, request):
        return bool(self.manage_access(request))

    def has_change_permission(self, request, obj=None):
        if obj is None:
            return bool(self.manage_access(request))
        return self.can_manage_restaurant(request, restaurant_id_of(obj))

    def has_delete_permission(self, request, obj=None):
        return self.has_change_permission(request, obj)

    # --- pages ------------------------------------------------------------------------

    def get_list_filter(self, request):
        filters = list(super().get_list_filter(request))
        if request.user.is_superuser and has_restaurant_field(self.model) and "restaurant" not in filters:
            filters.insert(0, ("restaurant", RelatedOnlyFieldListFilter))
        return filters

    def get_list_display(self, request):
        columns = list(super().get_list_display(request))
        if (
            self.show_restaurant_column
            and has_restaurant_field(self.model)
            and "restaurant" not in columns
            and self.view_access(request).several
        ):
            columns.insert(1, "restaurant")
        return columns

    def get_list_select_related(self, request):
        related = super().get_list_select_related(request)
        if related is True or related is False:
            return related
        if has_restaurant_field(self.model) and "restaurant" not in related:
            return [*related, "restaurant"]
        return related

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        if (
            obj is not None
            and has_restaurant_field(self.model)
            and self.restaurant_source_field is None
            and "restaurant" not in fields
        ):
            fields.append("restaurant")  # an object never moves to another restaurant
        return fields

    def get_changeform_initial_data(self, request):
        initial = super().get_changeform_initial_data(request)
        single = self.manage_access(request).single_id
        if single is not None and has_restaurant_field(self.model) and self.restaurant_source_field is None:
            initial.setdefault("restaurant", single)
        return initial

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change, **kwargs)
        return _with_consistency(form, self.restaurant_source_field)

    # --- writes -------------------------------------------------------------------------

    def save_model(self, request, obj, form, change):
        self.check_can_manage(request, obj)
        super().save_model(request, obj, form, change)

    def save_formset(self, request, form, formset, change):
        parent_restaurant = restaurant_id_of(form.instance)
        instances = formset.save(commit=False)
        for obj in formset.deleted_objects:
            self.check_can_manage(request, obj)
            obj.delete()
        for obj in instances:
            if has_restaurant_field(type(obj)) and restaurant_id_of(obj) != parent_restaurant:
                raise PermissionDenied
            self.check_can_manage(request, obj)
            obj.save()
        formset.save_m2m()

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        self.after_write([restaurant_id_of(form.instance)])

    def delete_model(self, request, obj):
        self.check_can_manage(request, obj)
        restaurant_id = restaurant_id_of(obj)
        super().delete_model(request, obj)
        self.after_write([restaurant_id])

    def delete_queryset(self, request, queryset):
        restaurant_ids = set(queryset.values_list(self.restaurant_lookup, flat=True))
        access = self.manage_access(request)
        if any(rid not in access for rid in restaurant_ids):
            raise PermissionDenied
        super().delete_queryset(request, queryset)
        self.after_write(restaurant_ids)


class _ScopedInlineMixin(RestaurantScopedMixin):
    """Inline rows of a scoped parent; `obj` in the permission checks is the parent."""

    formset = ScopedInlineFormSet

    def _parent_allowed(self, request, obj, access: RestaurantAccess) -> bool:
        if obj is None:
            return bool(access)
        return restaurant_id_of(obj) in access

    def has_view_permission(self, request, obj=None):
        return self._parent_allowed(request, obj, self.view_access(request)) or self._parent_allowed(
            request, obj, self.manage_access(request)
        )

    def has_add_permission(self, request, obj):
        return self._parent_allowed(request, obj, self.manage_access(request))

    def has_change_permission(self, request, obj=None):
        return self._parent_allowed(request, obj, self.manage_access(request))

    def has_delete_permission(self, request, obj=None):
        return self._parent_allowed(request, obj, self.manage_access(request))

    def get_formset(self, request, obj=None, **kwargs):
        formset = super().get_formset(request, obj, **kwargs)
        form = _with_consistency(formset.form, None)
        attrs = {"form": form, "__module__": formset.__module__}
        return type(formset.__name__, (formset,), attrs)


class RestaurantScopedTabularInline(_ScopedInlineMixin, admin.TabularInline):
    pass


class RestaurantScopedStackedInline(_ScopedInlineMixin, admin.StackedInline):
    pass
