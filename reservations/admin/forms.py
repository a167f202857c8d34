"""Forms of the booking-policy back office: friendlier widgets and the checks a form can make."""

import json
import zoneinfo

from django import forms
from django.core.exceptions import ValidationError
from django.db import models

from reservations.engine.staff_warnings import WARNING_LABELS
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


class PerLanguageWidget(forms.MultiWidget):
    """One text box per language (`name_fr`, `name_en`, ...). A single posted `name` (plain text
    or the JSON object of before) is still read, for scripts written against the old form."""

    template_name = "reservations/widgets/per_language.html"

    def __init__(self, languages, attrs=None):
        self.languages = tuple(languages)
        widgets = {code: forms.TextInput(attrs={"lang": code, "size": 40}) for code in self.languages}
        super().__init__(widgets, attrs)

    def decompress(self, value):
        if isinstance(value, str) and value.startswith("{"):
            try:
                value = json.loads(value)
            except ValueError:
                pass
        if isinstance(value, dict):
            return [value.get(code) for code in self.languages]
        if isinstance(value, str) and value:
            return [value] + [None] * (len(self.languages) - 1)
        return [None] * len(self.languages)

    def value_from_datadict(self, data, files, name):
        if name in data and not any(f"{name}_{code}" in data for code in self.languages):
            return data[name]
        return super().value_from_datadict(data, files, name)


class PerLanguageField(forms.MultiValueField):
    """Guest-facing text in each of the restaurant's languages, stored as {language: text}."""

    def __init__(self, languages=LANGUAGES, *, required=True, **kwargs):
        self.languages = tuple(languages)
        self.text_required = required
        fields = [forms.CharField(required=False, max_length=500) for _ in self.languages]
        kwargs.setdefault("help_text", "In each language guests read; leave a language empty to fall back.")
        super().__init__(
            fields, required=False, require_all_fields=False, widget=PerLanguageWidget(self.languages), **kwargs
        )

    def clean(self, value):
        if isinstance(value, str):  # the single text of before
            legacy = LocalizedTextField(required=self.text_required)
            return legacy.clean(value)
        return super().clean(value)

    def compress(self, values):
        texts = {code: (text or "").strip() for code, text in zip(self.languages, values or [], strict=False)}
        texts = {code: text for code, text in texts.items() if text}
        if not texts:
            if self.text_required:
                raise ValidationError("Give the text in at least one language.")
            return None
        return texts

    def has_changed(self, initial, data):
        return self.widget.decompress(initial) != (self.widget.decompress(data) if isinstance(data, str) else data)


def languages_for(restaurant, *values) -> list[str]:
    """The restaurant's guest languages (primary first), plus any a stored text already uses."""
    ordered = list(restaurant.guest_languages or []) if restaurant is not None else []
    if restaurant is not None and restaurant.primary_language not in ordered:
        ordered.insert(0, restaurant.primary_language)
    if not ordered:
        ordered = list(LANGUAGES)
    for value in values:
        if isinstance(value, dict):
            ordered += [code for code in value if code not in ordered and code in LANGUAGES]
    return ordered


class PerLanguageFormMixin:
    """Turns the listed JSON text fields into one box per language of the object's restaurant."""

    per_language: tuple[tuple[str, bool], ...] = ()

    def setup_languages(self):
        restaurant = None
        if self.instance.pk is not None:
            restaurant = getattr(self.instance, "restaurant", None)
        for name, required in self.per_language:
            if name not in self.fields:
                continue
            value = getattr(self.instance, name, None)
            old = self.fields[name]
            self.fields[name] = PerLanguageField(
                languages_for(restaurant, value), required=required, label=old.label, help_text=old.help_text
            )


class PartyMinutesWidget(forms.MultiWidget):
    """A small table: rows of (from party size, seating minutes). A single posted JSON text is
    still read, for scripts written against the old form."""

    template_name = "reservations/widgets/party_minutes.html"
    ROWS = 6

    def __init__(self, attrs=None):
        widgets = []
        for _ in range(self.ROWS):
            widgets += [
                forms.NumberInput(attrs={"min": 1, "max": 1000, "style": "width:6em"}),
                forms.NumberInput(attrs={"min": 1, "max": 1440, "style": "width:6em"}),
            ]
        super().__init__(widgets, attrs)

    def decompress(self, value):
        if isinstance(value, str):
            try:
                value = json.loads(value or "{}")
            except ValueError:
                value = {}
        pairs = []
        if isinstance(value, dict):
            for size, minutes in value.items():
                try:
                    pairs.append((int(size), minutes))
                except (TypeError, ValueError):
                    continue
        pairs.sort()
        flat = [item for pair in pairs[: self.ROWS] for item in pair]
        return flat + [None] * (2 * self.ROWS - len(flat))

    def get_context(self, name, value, attrs):
        context = super().get_context(name, value, attrs)
        subwidgets = context["widget"]["subwidgets"]
        context["widget"]["rows"] = list(zip(subwidgets[::2], subwidgets[1::2], strict=True))
        return context

    def value_from_datadict(self, data, files, name):
        if name in data and f"{name}_0" not in data:
            return data[name]
        return super().value_from_datadict(data, files, name)


class PartyMinutesField(forms.MultiValueField):
    widget = PartyMinutesWidget

    def __init__(self, **kwargs):
        fields = [
            forms.IntegerField(required=False, min_value=1, max_value=1440) for _ in range(2 * PartyMinutesWidget.ROWS)
        ]
        kwargs.setdefault(
            "help_text", "A longer (or shorter) seating from a party size on, e.g. from 6 guests: 150 minutes."
        )
        super().__init__(fields, required=False, require_all_fields=False, **kwargs)

    def clean(self, value):
        if isinstance(value, str):  # the JSON text of before; clean_seating_minutes_by_party_size checks it
            try:
                return json.loads(value or "{}")
            except ValueError as exc:
                raise ValidationError('A JSON object from party size to minutes, e.g. {"6": 150}.') from exc
        return super().clean(value)

    def compress(self, values):
        values = list(values or [])
        result = {}
        for size, minutes in zip(values[::2], values[1::2], strict=False):
            if size is None and minutes is None:
                continue
            if size is None or minutes is None:
                raise ValidationError("Give both the party size and its minutes on each row you fill.")
            if str(size) in result:
                raise ValidationError(f"Party size {size} is given twice.")
            result[str(size)] = minutes
        return result

    def has_changed(self, initial, data):
        return PartyMinutesWidget().decompress(initial) != (
            PartyMinutesWidget().decompress(data) if isinstance(data, str) else data
        )


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
