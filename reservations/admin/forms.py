"""Forms of the booking-policy back office: friendlier widgets and the checks a form can make."""

import json
import zoneinfo

from django import forms
from django.core.exceptions import ValidationError
from django.db import models

from reservations.models import Closure, Combination, DayNote, Restaurant, Section, Shift
from reservations.models.restaurant import GUEST_FIELDS, LANGUAGES
from reservations.models.schedule import WEEKDAYS

LOCALIZED_HELP = 'Plain text, or a JSON object by language code: {"fr": "Dîner", "en": "Dinner"}.'


class LocalizedTextField(forms.CharField):
    """Guest-facing text stored in a JSONField: a string, or a map by language code."""

    widget = forms.Textarea(attrs={"rows": 2, "cols": 60})

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("help_text", LOCALIZED_HELP)
        super().__init__(*args, **kwargs)

    def prepare_value(self, value):
        if isinstance(value, dict):
            return json.dumps(value, ensure_ascii=False)
        return value

    def to_python(self, value):
        if isinstance(value, dict):
            return value
        text = super().to_python(value)
        if text in self.empty_values:
            return None
        if not text.startswith("{"):
            return text
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise ValidationError(f"Not valid JSON. {LOCALIZED_HELP}") from exc
        if not isinstance(data, dict) or not data:
            raise ValidationError(LOCALIZED_HELP)
        for language, translated in data.items():
            if language not in LANGUAGES:
                raise ValidationError(f"Unknown language code {language!r}; use one of {', '.join(LANGUAGES)}.")
            if not isinstance(translated, str) or not translated.strip():
                raise ValidationError(f"The {language} text must be a non-empty string.")
        return {language: translated.strip() for language, translated in data.items()}


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


class ShiftForm(forms.ModelForm):
    name = LocalizedTextField()
    guest_message = LocalizedTextField(required=False)
    days = forms.TypedMultipleChoiceField(
        choices=[(index, day.capitalize()) for index, day in enumerate(WEEKDAYS)],
        coerce=int,
        widget=forms.CheckboxSelectMultiple,
    )

    class Meta:
        model = Shift
        fields = "__all__"

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


class ClosureForm(forms.ModelForm):
    name = LocalizedTextField(required=False)
    guest_message = LocalizedTextField(required=False)

    class Meta:
        model = Closure
        fields = "__all__"


class DayNoteForm(forms.ModelForm):
    message = LocalizedTextField()

    class Meta:
        model = DayNote
        fields = "__all__"
