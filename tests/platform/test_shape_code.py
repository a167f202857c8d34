"""A shape's declaration: the schema and the compiled render derived from it (config/shapes.py)."""

import datetime as dt
from types import SimpleNamespace as Row
from zoneinfo import ZoneInfo

import pytest

from config.formats import Viewer, iso_date, timestamp
from config.shapes import SHAPES, Expandable, Field, Reference, Shape, const, date, date_time, integer, string

TZ = ZoneInfo("Europe/Paris")
NOON = dt.datetime(2026, 6, 1, 10, 0, 30, 999, tzinfo=dt.UTC)
doubled = "the module's own"  # also a local of SampleShape's render: a lambda naming it is called


class PartShape(Shape):
    args = "row, tz"
    fields = {"object": const("part"), "at": Field(date_time("When."), via=timestamp)}


class SampleShape(Shape):
    """No `name`: not in SHAPES nor the document."""

    description = "A sample."
    args = "row, viewer"
    scope = {"tz": "viewer.tz", "doubled": lambda row: row.size * 2}
    fields = {
        "object": const("sample"),
        "id": Field(string("Its id."), "row.public_id"),
        "size": integer("A size."),
        "twice": Field(integer("Twice the size."), "doubled"),
        "day": Field(date("A day."), via=iso_date),
        "label": Field(string("A label."), via=lambda value, tz: f"{value}@{tz.key}"),
        "note": Field(string("A note."), omit_none=True),
        "parts": Field({"type": "array"}, lambda row: row.parts, PartShape, many=True),
        "part": Field({"type": "object"}, "row.part", PartShape),
        "shadowed": Field(string("The module's `doubled`."), lambda row: doubled),
        "linked": Reference(string("A linked id.")),
        "owner": Expandable(PartShape, string("The owner's id."), "The owner."),
        "secret": Field(string("Only with `expand=secret`."), expanded=True),
        "big": Field(integer("The size, only when over 10."), "row.size", present=lambda row: row.size > 10),
        "limit": Field(integer("Passed by the caller."), given=True),
    }


def sample(**fields) -> Row:
    part = Row(public_id="p1", at=NOON)
    values = dict(public_id="s1", size=3, day=dt.date(2026, 6, 1), label="x", note=None, parts=[part, part],
                  part=part, linked_id=None, linked=None, owner=part, secret="k")  # fmt: skip
    return Row(**{**values, **fields})


def test_the_schema_lists_every_field_once_and_requires_the_unconditional_ones():
    schema = SampleShape.schema
    assert schema["description"] == "A sample." and list(schema["properties"]) == list(SampleShape.fields)
    assert schema["required"] == [key for key in SampleShape.fields if key not in ("note", "secret", "big")]
    assert schema["properties"]["owner"] == {
        "description": "The owner.",
        "oneOf": [{"type": "string", "description": "The owner's id."}, {"$ref": "#/components/schemas/"}],
    }
    assert "SampleShape" not in {shape.__name__ for shape in SHAPES.values()}


def test_the_render_reads_converts_nests_and_adds_conditional_keys_in_order():
    rendered = SampleShape.render(sample(), Viewer(TZ), 7)
    part = {"object": "part", "at": "2026-06-01T12:00:30+02:00"}
    assert rendered == {
        "object": "sample",
        "id": "s1",
        "size": 3,
        "twice": 6,
        "day": "2026-06-01",
        "label": "x@Europe/Paris",
        "parts": [part, part],
        "part": part,
        "shadowed": "the module's own",
        "linked": None,
        "owner": "p1",
        "limit": 7,
    }
    full = SampleShape.render(
        sample(size=11, note="n", linked_id=5, linked=Row(public_id="l5")),
        Viewer(TZ, frozenset({"owner", "secret"})),
        limit=1,
    )
    assert list(full) == list(SampleShape.fields)
    assert (full["note"], full["linked"], full["owner"], full["secret"], full["big"]) == ("n", "l5", part, "k", 11)


def test_lambdas_are_inlined_unless_they_would_see_a_name_of_the_render():
    source = SampleShape.source
    assert "doubled = (row.size * 2)" in source
    assert "'label': (f'{row.label}@{tz.key}')" in source
    assert "[{'object': 'part', 'at': _h_timestamp(_i1.at, tz)} for _i1 in row.parts]" in source  # one comprehension
    assert "data['shadowed'] = _h__lambda_(row)" in source  # called: `doubled` is a local of the render


def test_a_declaration_naming_what_the_render_lacks_fails_at_once():
    with pytest.raises(TypeError, match="`missing.name` does not start with a name of the render"):

        class Broken(Shape):
            fields = {"name": Field(string("A name."), "missing.name")}

    with pytest.raises(TypeError, match="timestamp\\(\\) needs `tz`"):

        class NoZone(Shape):
            fields = {"at": Field(date_time("When."), via=timestamp)}


def test_a_shape_without_logic_renders_none_guarded_shapes_too():
    class MaybeShape(Shape):
        none_unless = "row"
        fields = {"object": const("maybe")}

    assert MaybeShape.render(None) is None and MaybeShape.render(Row()) == {"object": "maybe"}
