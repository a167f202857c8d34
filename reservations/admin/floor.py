"""Floor plans, their sections, tables and joined tables."""

from django.contrib import admin
from django.contrib.admin.filters import RelatedOnlyFieldListFilter
from django.db.models import Count

from reservations.admin.forms import CombinationForm, SectionForm
from reservations.admin.policy import PolicyAdmin, PolicyInline, warn_outgrown
from reservations.models import Combination, FloorPlan, Section, Table


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

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("tables")
