"""Response shapes: each field declared once, the JSON Schema and a fast renderer derived from it.

Each app keeps its shapes in `<app>/shapes.py` (outside its `api` package, because
services render event snapshots and other apps embed them: a hold carries tables,
a reservation its guest). A shape is a class that lists its fields, each once:

    class HoldShape(Shape):
        name = "Hold"                          # the component in the OpenAPI document
        description = "A claim on a slot."
        args = "row, viewer, now"              # the render's parameters (default "row")
        scope = {"tz": "viewer.tz"}            # locals of the render, in order
        fields = {
            "object": const("hold"),           # a constant
            "id": Field(object_id("hold", "The hold's id."), "row.public_id"),
            "party_size": integer("Guests.", minimum=1),             # a bare schema: row.party_size
            "starts_at": timestamp_field("Start."),                   # timestamp(row.starts_at, tz)
            "tables": Field(array(ref("Table")), lambda row: row.tables.all(), TableShape, many=True),
        }

A field is its JSON Schema (2020-12, `ref("Section")` for nesting), or a `Field`: the schema,
then where the value is read (`read`: a path from a name of the render, "row.public_id", or a
function of those names; by default the key's attribute of the first parameter, or of `of`),
then what turns it into JSON (`via`: a function whose first parameter takes the value and whose
others are names of the render, `timestamp(value, tz)`; a shape; or, with `many`, applied to
each item; `date_field` and `timestamp_field` bundle the usual pairs). A key can be conditional
(`expanded`, `present`, `omit_none`) or passed by the caller (`given`). Logic is written as small
lambdas over the render's names.

From the fields, `schema` is built (every key required but the conditional ones and guest data)
and `render` is compiled (config/shape_code.py): generated once per class as one dict literal,
lambdas inlined, as fast as a hand-written function; `source` holds its text. A view names the
shape in `@extend_schema(responses={200: TableShape})`; config/api/openapi.py adds every shape
to the document's components, so nested `ref()`s resolve. tests/openapi/ holds real responses
against the schemas. This module imports nothing of DRF: services render event snapshots. The
error envelope's two shapes live in config/api/errors.py, which renders every failure with them.

Why not DRF serializers for responses: rendering a page of 100 reservations with
their guests through serializers costs several times the plain functions
(docs/performance.md), and the same renderers serve webhooks and the back office.
"""

from config.formats import iso_date, timestamp
from config.shape_code import compile_render

SHAPES: dict[str, type["Shape"]] = {}


class Field:
    """One key of a shape: its schema, where its value is read and what turns it into JSON.

    - `read`: a path from a name of the render ("row.public_id", "info.name"), or a function of
      names of the render; by default the key's attribute of `of` (the first parameter).
    - `via`: applied to the value: a function (its first parameter takes the value, the others
      are names of the render), a shape (its render), or a name of the render ("text").
    - `many`: `via` applied to each item of the value, into a list.
    - `given`: the caller passes it, as the render's argument named after the key.
    - `expanded`: present only when the viewer expands the key (`expand=events`).
    - `present`: a function of names of the render; the key is present only when it is true.
    - `omit_none`: absent (not null) when None.
    - `guest_data`: rendered, and removed by config.gating for a key without `guests:read`
      (which its description says).

    The conditional keys and guest data are not required by the schema.
    """

    def __init__(
        self,
        schema: dict,
        read=None,
        via=None,
        *,
        of: str | None = None,
        many: bool = False,
        given: bool = False,
        expanded: bool = False,
        present=None,
        omit_none: bool = False,
        guest_data: bool = False,
    ):
        if many and via is None:
            raise TypeError("`many` applies `via` to each item")
        self.schema, self.read, self.via, self.of, self.many = schema, read, via, of, many
        self.given, self.expanded, self.present, self.omit_none = given, expanded, present, omit_none
        self.guest_data = guest_data
        if guest_data:
            self.schema = {**schema, "description": schema["description"] + GUEST_DATA_NOTE}

    @property
    def conditional(self) -> bool:
        return self.expanded or self.present is not None or self.omit_none

    @property
    def required(self) -> bool:
        return not (self.conditional or self.guest_data)

    def source(self, writer, key: str, names: dict[str, str]) -> str:
        """The expression of the value read, before `via`."""
        if self.given:
            return names[key]
        if self.read is None:
            return writer.path(f"{self.of or next(iter(names))}.{key}", names)
        if isinstance(self.read, str):
            return writer.path(self.read, names)
        return writer.apply(self.read, None, names)

    def expression(self, writer, key: str, names: dict[str, str]) -> str:
        if "const" in self.schema and self.read is None and self.via is None and not self.given:
            return repr(self.schema["const"])
        value = self.source(writer, key, names)
        if self.via is None:
            return value
        if self.many:
            item = writer.item()
            return f"[{writer.apply(self.via, item, names)} for {item} in {value}]"
        return writer.apply(self.via, value, names)


class Reference(Field):
    """The public id of a related object, null when there is none (`reservation`)."""

    def expression(self, writer, key: str, names: dict[str, str]) -> str:
        owner = writer.path(self.of or next(iter(names)), names)
        return f"({owner}.{key}.public_id if {owner}.{key}_id else None)"


class Expandable(Field):
    """A related object's id, or the object (`shape`) when the viewer expands the key (`expand=guest`)."""

    def __init__(self, shape: type["Shape"], id_schema: dict, description: str):
        super().__init__({"description": description, "oneOf": [id_schema, ref(shape.name)]}, via=shape)

    def expression(self, writer, key: str, names: dict[str, str]) -> str:
        related = self.source(writer, key, names)
        expand = writer.path("viewer.expand", names)
        return f"({writer.apply(self.via, related, names)} if {key!r} in {expand} else {related}.public_id)"


class Shape:
    #: The component's name in the OpenAPI document.
    name: str = ""
    #: The schema's description.
    description: str = ""
    #: The render's parameters; the `given` fields are added after them.
    args: str = "row"
    #: Locals of the render, in order: a path or a function of the names before.
    scope: dict = {}
    #: A path: the render is None when its value is falsy (no object, no guarantee kind).
    none_unless: str | None = None
    #: key -> JSON Schema or Field, in the rendered order.
    fields: dict = {}
    #: Built from the fields: the JSON Schema (2020-12), the render function and its source.
    schema: dict = {}
    source: str = ""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "fields" in cls.__dict__:
            cls.fields = {key: f if isinstance(f, Field) else Field(f) for key, f in cls.fields.items()}
            required = [key for key, f in cls.fields.items() if f.required]
            cls.schema = obj(cls.description, {key: f.schema for key, f in cls.fields.items()}, required=required)
            render, cls.source = compile_render(cls)
            cls.render = staticmethod(render)
        if cls.name:
            SHAPES[cls.name] = cls

    @classmethod
    def signature(cls) -> str:
        given = [key for key, f in cls.fields.items() if f.given]
        return ", ".join(part for part in (cls.args, *given) if part)

    @classmethod
    def simple(cls) -> bool:
        """Renderable as a dict literal inside another shape's render: no guard, scope or condition."""
        return (
            cls.none_unless is None and not cls.scope and not any(f.conditional or f.given for f in cls.fields.values())
        )


# --- JSON Schema builders (OpenAPI 3.1: nullable is `"type": [..., "null"]`) -------------

TIMESTAMP_NOTE = "ISO 8601 with the restaurant's UTC offset, second precision."
GUEST_DATA_NOTE = " Guest data: present only when the key carries `guests:read`, absent (never null) otherwise."


def ref(name: str, kind: str = "schemas") -> dict:
    return {"$ref": f"#/components/{kind}/{name}"}


def nullable(schema: dict) -> dict:
    """The same schema, also allowing null (a `$ref` becomes `oneOf: [ref, null]`)."""
    if "$ref" in schema:
        return {"oneOf": [schema, {"type": "null"}]}
    kind = schema.get("type")
    result = dict(schema)
    if isinstance(kind, list):
        result["type"] = kind if "null" in kind else [*kind, "null"]
    elif kind is not None:
        result["type"] = [kind, "null"]
    else:
        return {"oneOf": [schema, {"type": "null"}]}
    if "enum" in result:
        result["enum"] = [*result["enum"], None]
    return result


def const(value: str, description: str | None = None) -> dict:
    schema = {"type": "string", "const": value}
    if description:
        schema["description"] = description
    return schema


def described(schema: dict, description: str) -> dict:
    """`schema` with a description (kept beside a `$ref`, which OpenAPI 3.1 allows)."""
    return {**schema, "description": description}


def string(description: str, **extra) -> dict:
    return {"type": "string", "description": description, **extra}


def integer(description: str, **extra) -> dict:
    return {"type": "integer", "description": description, **extra}


def boolean(description: str) -> dict:
    return {"type": "boolean", "description": description}


def date(description: str) -> dict:
    return {"type": "string", "format": "date", "description": description}


def date_time(description: str) -> dict:
    return {"type": "string", "format": "date-time", "description": description}


def hhmm(description: str) -> dict:
    return {
        "type": "string",
        "pattern": r"^([01]\d|2[0-3]):[0-5]\d$",
        "description": description,
        "examples": ["19:30"],
    }


def enum(values, description: str | None = None) -> dict:
    schema = {"type": "string", "enum": list(values)}
    if description:
        schema["description"] = description
    return schema


def object_id(prefix: str, description: str) -> dict:
    return {"type": "string", "pattern": rf"^{prefix}_[0-9A-Za-z]+$", "description": description}


def array(items: dict, description: str | None = None, **extra) -> dict:
    schema = {"type": "array", "items": items, **extra}
    if description:
        schema["description"] = description
    return schema


def obj(description: str, properties: dict, required: list[str] | None = None, **extra) -> dict:
    """An object schema; every property is required unless `required` says otherwise."""
    return {
        "type": "object",
        "description": description,
        "properties": properties,
        "required": list(properties) if required is None else required,
        **extra,
    }


def date_field(description: str, *, null: bool = False, **field) -> Field:
    """A `datetime.date`, written ISO 8601 (`Field`'s keywords apply)."""
    return Field(nullable(date(description)) if null else date(description), via=iso_date, **field)


def timestamp_field(description: str, *, null: bool = False, **field) -> Field:
    """An aware datetime, written in the render's `tz` (`Field`'s keywords apply)."""
    return Field(nullable(date_time(description)) if null else date_time(description), via=timestamp, **field)


def list_fields(items: dict) -> dict:
    return {
        "object": const("list"),
        "data": Field(array(items, "The page, in the list's order."), given=True),
        "has_more": Field(boolean("Whether more objects follow this page. There is no total count."), given=True),
    }


class ListShape(Shape):
    """The list envelope of every list endpoint: `render(data, has_more)`."""

    args = ""
    fields = list_fields({})


def list_shape(item: type[Shape], description: str) -> type[Shape]:
    """The list envelope of `item`, as a shape of its own (`ReservationList`)."""
    name = f"{item.name}List"
    namespace = {"name": name, "description": description, "fields": list_fields(ref(item.name))}
    return type(f"{name}Shape", (ListShape,), namespace)
