"""The guest forms' widgets rendered in Python, byte for byte as Django's widget templates render them.

Django renders each widget through its template renderer (a template per widget, with includes
for the input and its attributes): about half of the booking page's time. The few widgets the
guest pages use are plain enough to write here; any other widget template goes to Django's
renderer. tests/guestpages/test_widgets.py compares both renderers' output.
"""

import html

from django.forms.renderers import get_default_renderer
from django.template.base import render_value_in_context
from django.template.context import Context
from django.utils.html import conditional_escape
from django.utils.safestring import SafeData, mark_safe

_CONTEXT = Context(autoescape=True)  # read only: its use_l10n and use_tz (None: the settings')


def _text(value) -> str:
    """`{{ value }}` in an autoescaping template."""
    if type(value) is str:  # not SafeString, not lazy: what django.utils.html.escape does
        return html.escape(value)
    return render_value_in_context(value, _CONTEXT)


def _string(value) -> str:
    """`{{ value|stringformat:'s' }}` in an autoescaping template."""
    formatted = "%s" % value
    return formatted if isinstance(value, SafeData) else conditional_escape(formatted)


def _attrs(attrs: dict) -> str:
    """django/forms/widgets/attrs.html"""
    out = []
    for name, value in attrs.items():
        if value is not False:
            out.append(f" {_text(name)}" if value is True else f' {_text(name)}="{_string(value)}"')
    return "".join(out)


def _input(widget: dict) -> str:
    """django/forms/widgets/input.html (without its final newline)"""
    value = "" if widget["value"] is None else f' value="{_string(widget["value"])}"'
    return f'<input type="{_text(widget["type"])}" name="{_text(widget["name"])}"{value}{_attrs(widget["attrs"])}>'


def _textarea(widget: dict) -> str:
    value = _text(widget["value"]) if widget["value"] else ""
    return f'<textarea name="{_text(widget["name"])}"{_attrs(widget["attrs"])}>\n{value}</textarea>'


def _option(option: dict) -> str:
    """django/forms/widgets/select_option.html (without its final newline)"""
    return f'<option value="{_string(option["value"])}"{_attrs(option["attrs"])}>{_text(option["label"])}</option>'


def _select(widget: dict) -> str | None:
    out = [f'<select name="{_text(widget["name"])}"{_attrs(widget["attrs"])}>']
    for group_name, group_choices, _index in widget["optgroups"]:
        if group_name:
            out.append(f'\n  <optgroup label="{_text(group_name)}">')
        for option in group_choices:
            if option["template_name"] != "django/forms/widgets/select_option.html":
                return None
            out.append("\n  " + _option(option) + "\n")
        if group_name:
            out.append("\n  </optgroup>")
    out.append("\n</select>")
    return "".join(out)


def _input_option(widget: dict) -> str | None:
    """django/forms/widgets/input_option.html, as a bound widget's `tag` renders it (no label)."""
    if widget.get("wrap_label"):
        return None
    return _input(widget)


# Widget template -> its Python rendering (None: leave it to Django's templates).
RENDERINGS = {
    **{
        f"django/forms/widgets/{name}.html": _input
        for name in ("text", "email", "date", "time", "hidden", "number", "password", "url", "tel", "checkbox")
    },
    "django/forms/widgets/textarea.html": _textarea,
    "django/forms/widgets/select.html": _select,
    "django/forms/widgets/radio_option.html": _input_option,
    "django/forms/widgets/checkbox_option.html": _input_option,
}


class GuestFormRenderer:
    """The guest forms' renderer: the widgets above in Python, anything else by Django's renderer."""

    def __init__(self):
        self._django = None

    @property
    def django(self):
        if self._django is None:
            self._django = get_default_renderer()
        return self._django

    def __getattr__(self, name):  # form_template_name, get_template, bound_field_class...
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.django, name)

    def render(self, template_name, context, request=None):
        rendering = RENDERINGS.get(template_name)
        if rendering is not None and request is None and "widget" in context:
            html = rendering(context["widget"])
            if html is not None:
                return mark_safe(html)
        return self.django.render(template_name, context, request=request)
