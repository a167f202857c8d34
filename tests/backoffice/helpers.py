"""Reading a refused admin form: which messages sit next to which field, and what is at the top."""

import re

from django.utils.html import escape


def errors_of(response) -> dict:
    form = response.context["adminform"].form
    return {name: [str(e) for e in errs] for name, errs in form.errors.items()}


def field_row(response, field: str) -> str:
    """The HTML of the admin form's row of `field` (its label, box, error list and help)."""
    html = response.content.decode()
    found = re.search(
        rf'<div class="form-row[^"]*\bfield-{field}\b[^"]*">(.*?)(?=<div class="form-row|</fieldset>)', html, re.S
    )
    assert found, f"no row for {field}"
    return found.group(1)


def assert_next_to(response, field: str, message: str) -> None:
    """`message` is `field`'s error, shown in its row, and not at the top of the form."""
    assert response.status_code == 200
    errors = errors_of(response)
    assert errors.get(field) == [message], errors
    assert escape(message) in field_row(response, field)
    form = response.context["adminform"].form
    assert message not in [str(e) for e in form.non_field_errors()]
    assert "Constraint “" not in response.content.decode()
