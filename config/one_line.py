"""One-line text: names, phone numbers, e-mail addresses and other fields shown on one line.

They never hold a line break or another control character: a CR or LF in a guest's name would
start a line of its own in an e-mail (`Bcc: ...`), a log line or a CSV export. Multi-line fields
(notes, an address, a message) are not one-line; they keep refusing NUL only.

The API (config.api.inputs.Text(one_line=True)), the guest pages, the back office and the
setup-file loader refuse such input; `one_line()` flattens what is shown from older data.
"""

import re

from django import forms
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

# C0 controls (tab, LF, CR among them), DEL, C1 controls (NEL among them), and Unicode's line and
# paragraph separators. Written with \u escapes so that Python and ECMA-262 (the OpenAPI document)
# read the same pattern.
CONTROL_PATTERN = "[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029]"
CONTROL = re.compile(CONTROL_PATTERN)
CONTROL_RUN = re.compile(CONTROL_PATTERN + "+")
# The guest pages' own words for a refused character (translated, see locale/).
MESSAGE = _("This field contains a character that is not allowed.")


def is_one_line(value: str) -> bool:
    return CONTROL.search(value) is None


def validate_one_line(value) -> None:
    """A form field's validator."""
    if isinstance(value, str) and not is_one_line(value):
        raise ValidationError(MESSAGE)


def one_line(value) -> str:
    """`value` as text on one line: each run of control characters becomes one space."""
    return CONTROL_RUN.sub(" ", str(value)).strip() if value is not None else ""


class OneLineFormFields:
    """A ModelAdmin mixin: a form field made for a CharField column (notes and addresses are
    TextFields) refuses control characters (apikeys.scoped_admin: every back-office page)."""

    def formfield_for_dbfield(self, db_field, request, **kwargs):
        formfield = super().formfield_for_dbfield(db_field, request, **kwargs)
        if isinstance(db_field, models.CharField) and isinstance(formfield, forms.CharField):
            formfield.validators.append(validate_one_line)
        return formfield
