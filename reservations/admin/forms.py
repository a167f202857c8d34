"""Forms of the booking-policy back office: friendlier widgets (reservations/admin/widgets.py) and
the checks a form can make. Rules every writer shares live on the models (validation.py)."""

import zoneinfo

from django import forms
from django.core.exceptions import ValidationError
from django.db import models

from reservations.admin.widgets import PartyMinutesField, PerLanguageField, PerLanguageFormMixin
from reservations.engine.staff_warnings import WARNING_LABELS
from reservations.models import Block, Closure, Combination, DayNote, Restaurant, Section, Shift
from reservations.models.restaurant import GUEST_FIELDS, LANGUAGES
from reservations.models.schedule import WEEKDAYS

# Table and section pickers: plain checkboxes (each its own label; usable on a phone), not the
# admin's two-list filter, whose search icons carry ARIA attributes a span may not have.
TICK_BOXES = forms.CheckboxSelectMultiple(attrs={"class": "tick-boxes"})


def url_assumes_https(db_field, **kwargs):
    if isinstance(db_field, models.URLField):
        kwargs.setdefault("assume_scheme", "https")
    return db_field.formfield(**kwargs)


class RestaurantForm(forms.ModelForm):
    guest_languages = forms.MultipleChoiceField(
        choices=[(code, code) for code in LANGUAGES],
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text="Languages offered to guests; the primary language is always one of them.",
    )
    required_guest_fields = forms.MultipleChoiceField(
        choices=[(name, name) for name in GUEST_FIELDS], required=False, widget=forms.CheckboxSelectMultiple
    )
    manager_only_warnings = forms.MultipleChoiceField(
        label="Warnings only a manager may confirm",
        choices=list(WARNING_LABELS.items()),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text="Staff book past the online rules after confirming a warning. By default a host confirms "
        "every one; ticked warnings need a manager or an owner.",
    )

    class Meta:
        model = Restaurant
        fields = "__all__"
        formfield_callback = url_assumes_https

    def clean_timezone(self):
        name = self.cleaned_data["timezone"].strip()
        try:
            zoneinfo.ZoneInfo(name)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError) as exc:
            raise ValidationError("Not an IANA time zone, e.g. Europe/Paris.") from exc
        return name

    def clean_country(self):
        return self.cleaned_data["country"].strip().upper()

    def clean_currency(self):
        return self.cleaned_data["currency"].strip().upper()

    def clean(self):
        cleaned = super().clean()
        primary = cleaned.get("primary_language") or getattr(self.instance, "primary_language", None)
        if "guest_languages" in self.fields and primary:
            others = [code for code in cleaned.get("guest_languages") or [] if code != primary]
            cleaned["guest_languages"] = [primary, *others]
        return cleaned


class SectionForm(forms.ModelForm):
    class Meta:
        model = Section
        fields = "__all__"

    def clean_group_leader(self):
        leader = self.cleaned_data.get("group_leader")
        if leader is None:
            return leader
        if self.instance.pk is not None:
            if leader.pk == self.instance.pk:
                raise ValidationError("A section cannot lead its own group; leave this empty instead.")
            if self.instance.group_members.exists():
                raise ValidationError("This section leads a group, so it cannot join another one.")
        if leader.group_leader_id is not None:
            raise ValidationError("Choose the section that leads that group (it has no leader itself).")
        return leader


class CombinationForm(forms.ModelForm):
    class Meta:
        model = Combination
        fields = "__all__"
        widgets = {"tables": TICK_BOXES}

    def clean(self):
        cleaned = super().clean()
        tables = cleaned.get("tables")
        floor_plan = cleaned.get("floor_plan") or (self.instance.floor_plan if self.instance.floor_plan_id else None)
        if tables is not None:
            tables = list(tables.select_related("section"))
            if len(tables) < 2:
                self.add_error("tables", "Join at least two tables.")
            elif floor_plan is not None and any(t.section.floor_plan_id != floor_plan.pk for t in tables):
                self.add_error("tables", "Every joined table must be on the combination's floor plan.")
        return cleaned


class ShiftForm(PerLanguageFormMixin, forms.ModelForm):
    per_language = (("name", True), ("guest_message", False))
    name = PerLanguageField()
    guest_message = PerLanguageField(required=False)
    seating_minutes_by_party_size = PartyMinutesField(label="Seating minutes by party size")
    days = forms.TypedMultipleChoiceField(
        choices=[(index, day.capitalize()) for index, day in enumerate(WEEKDAYS)],
        coerce=int,
        widget=forms.CheckboxSelectMultiple,
    )

    class Meta:
        model = Shift
        fields = "__all__"
        widgets = {"online_sections": TICK_BOXES}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.setup_languages()

    def clean_days(self):
        return sorted(set(self.cleaned_data["days"]))

    def clean_seating_minutes_by_party_size(self):
        value = self.cleaned_data.get("seating_minutes_by_party_size") or {}
        if not isinstance(value, dict):
            raise ValidationError('A JSON object from party size to minutes, e.g. {"6": 150}.')
        cleaned = {}
        for size, minutes in value.items():
            if not str(size).isdigit() or int(size) < 1:
                raise ValidationError(f"{size!r} is not a party size.")
            if not isinstance(minutes, int) or isinstance(minutes, bool) or minutes < 1:
                raise ValidationError(f"Minutes for {size} must be a positive whole number.")
            cleaned[str(int(size))] = minutes
        return cleaned

    def clean(self):
        cleaned = super().clean()
        floor_plan = cleaned.get("floor_plan") or (self.instance.floor_plan if self.instance.floor_plan_id else None)
        sections = cleaned.get("online_sections")
        if floor_plan is not None and sections is not None:
            if any(section.floor_plan_id != floor_plan.pk for section in sections):
                self.add_error("online_sections", "Choose sections of the shift's floor plan.")
        return cleaned


class ClosureForm(PerLanguageFormMixin, forms.ModelForm):
    per_language = (("name", False), ("guest_message", False))
    name = PerLanguageField(required=False)
    guest_message = PerLanguageField(required=False)

    class Meta:
        model = Closure
        fields = "__all__"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.setup_languages()


class DayNoteForm(PerLanguageFormMixin, forms.ModelForm):
    per_language = (("message", True),)
    message = PerLanguageField()

    class Meta:
        model = DayNote
        fields = "__all__"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.setup_languages()


class BlockForm(forms.ModelForm):
    class Meta:
        model = Block
        fields = "__all__"
        widgets = {"tables": TICK_BOXES}
        help_texts = {
            "tables": "No table ticked: the block takes <strong>every table</strong> of the restaurant off sale.",
            "end_time": "After the start time, e.g. 19:00 to 21:00. An earlier time runs past midnight "
            "(22:00 to 02:00); the start time itself is refused.",
        }
