"""Widgets and fields of the policy forms: guest-facing text one box per language of the
restaurant, seating minutes by party size as a small table, and the readable form of a stored
guest-facing text for lists."""

import json

from django import forms
from django.core.exceptions import ValidationError

from reservations.models import Restaurant
from reservations.models.restaurant import LANGUAGES, Language
from reservations.models.validation import NUMBER_FLOORS

LOCALIZED_HELP = 'Plain text, or a JSON object by language code: {"fr": "Dîner", "en": "Dinner"}.'
LANGUAGE_NAMES = dict(Language.choices)


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

    def get_context(self, name, value, attrs):
        context = super().get_context(name, value, attrs)
        for code, sub in zip(self.languages, context["widget"]["subwidgets"], strict=True):
            sub["language_name"] = LANGUAGE_NAMES.get(code, code)
        return context

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


def languages_for(restaurants, *values) -> list[str]:
    """The guest languages of the restaurants (each one's primary first), plus any a stored text
    already uses; every language when no restaurant is known."""
    ordered: list[str] = []
    for restaurant in restaurants:
        ordered += [code for code in restaurant.languages if code not in ordered]
    if not ordered:
        ordered = list(LANGUAGES)
    for value in values:
        if isinstance(value, dict):
            ordered += [code for code in value if code not in ordered and code in LANGUAGES]
    return ordered


def form_restaurants(form) -> list:
    """The restaurants an object of this form can belong to: its own once it has one, else those the
    form offers (a new closure's restaurant choices, a new shift's floor plans'), so that a user of one
    restaurant sees that restaurant's languages on an add page too."""
    instance = form.instance
    if getattr(instance, "restaurant_id", None) is not None:
        return [instance.restaurant]
    if "restaurant" in form.fields:
        return list(form.fields["restaurant"].queryset)
    if "floor_plan" in form.fields:
        plans = form.fields["floor_plan"].queryset
        return list(Restaurant.objects.filter(pk__in=plans.values("restaurant_id")))
    return []


class PerLanguageFormMixin:
    """Turns the listed JSON text fields into one box per guest language of the object's restaurant."""

    per_language: tuple[tuple[str, bool], ...] = ()

    def setup_languages(self):
        restaurants = None
        for name, required in self.per_language:
            if name not in self.fields:
                continue
            if restaurants is None:
                restaurants = form_restaurants(self)
            value = getattr(self.instance, name, None)
            old = self.fields[name]
            self.fields[name] = PerLanguageField(
                languages_for(restaurants, value), required=required, label=old.label, help_text=old.help_text
            )


def readable_text(value, primary: str | None) -> str | None:
    """A stored guest-facing text for a list: the primary language's text (else the first given),
    naming the other languages it is written in, e.g. "Noël (also in English)"."""
    if isinstance(value, str):
        return value or None
    if not isinstance(value, dict) or not value:
        return None
    code = primary if value.get(primary) else next(iter(value))
    others = [LANGUAGE_NAMES.get(other, other) for other in value if other != code]
    return f"{value[code]} (also in {', '.join(others)})" if others else value[code]


WIDTH = {"style": "width:6em"}


class PartyMinutesWidget(forms.MultiWidget):
    """A small table: rows of (from party size, seating minutes), each box labelled with its column
    and row. A single posted JSON text is still read, for scripts written against the old form."""

    template_name = "reservations/widgets/party_minutes.html"
    ROWS = 6

    def __init__(self, attrs=None):
        widgets = []
        for row in range(1, self.ROWS + 1):
            widgets += [
                forms.NumberInput(attrs={"min": 1, "max": 1000, "aria-label": f"From party size, row {row}", **WIDTH}),
                forms.NumberInput(attrs={"min": 1, "max": 1440, "aria-label": f"Seating minutes, row {row}", **WIDTH}),
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


def _party_minutes_box(high: int, too_low: str, too_high: str) -> forms.IntegerField:
    messages = {"min_value": too_low, "max_value": too_high}
    return forms.IntegerField(required=False, min_value=1, max_value=high, error_messages=messages)


class PartyMinutesField(forms.MultiValueField):
    widget = PartyMinutesWidget

    def __init__(self, **kwargs):
        fields = []
        for _ in range(PartyMinutesWidget.ROWS):
            fields += [
                _party_minutes_box(1000, NUMBER_FLOORS["party_size_from"], "A party is at most 1000 guests."),
                _party_minutes_box(1440, NUMBER_FLOORS["party_minutes"], "A seating lasts at most 1440 minutes."),
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
