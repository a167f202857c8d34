"""Response shapes: a fast render function and its JSON Schema, written side by side.

Each app keeps its shapes in `<app>/shapes.py` (outside its `api` package, because
services render event snapshots and other apps embed them: a hold carries tables,
a reservation its guest). A shape is a class:

    class TableShape(Shape):
        name = "Table"                       # the component in the OpenAPI document
        schema = obj("A table.", {...})      # JSON Schema 2020-12, `ref("Section")` for nesting

        @staticmethod
        def render(row) -> dict: ...

A view names it in `@extend_schema(responses={200: TableShape})`; the OpenAPI side of
the platform (config/api/openapi.py) documents it, and adds every shape defined to the
document's components, so nested `ref()`s resolve. tests/openapi/ holds real responses
against these schemas, so a renderer and its schema cannot drift apart. This module
imports nothing of DRF: services render event snapshots with shapes.

Why not DRF serializers for responses: rendering a page of 100 reservations with
their guests through serializers costs several times the plain functions
(docs/performance.md), and the same renderers serve webhooks and the back office.
"""

SHAPES: dict[str, type["Shape"]] = {}


class Shape:
    #: The component's name in the OpenAPI document.
    name: str = ""
    #: Its JSON Schema (2020-12).
    schema: dict = {}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.name:
            SHAPES[cls.name] = cls


# --- JSON Schema builders (OpenAPI 3.1: nullable is `"type": [..., "null"]`) -------------

TIMESTAMP_NOTE = "ISO 8601 with the restaurant's UTC offset, second precision."


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


def list_of(item: str, description: str) -> dict:
    """The list envelope of every list endpoint."""
    return obj(
        description,
        {
            "object": const("list"),
            "data": array(ref(item), "The page, in the list's order."),
            "has_more": boolean("Whether more objects follow this page. There is no total count."),
        },
    )


def list_shape(item: type[Shape], description: str) -> type[Shape]:
    """The list envelope of `item`, as a shape of its own (`ReservationList`)."""
    name = f"{item.name}List"
    return type(f"{name}Shape", (Shape,), {"name": name, "schema": list_of(item.name, description)})
