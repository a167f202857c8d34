"""Formats and small builders shared by the component schemas and the operations' parameters.

OpenAPI 3.1 / JSON Schema 2020-12: nullable is `"type": [..., "null"]`.
"""

HHMM_PATTERN = r"^([01]\d|2[0-3]):[0-5]\d$"
MONTH_PATTERN = r"^\d{4}-(0[1-9]|1[0-2])$"


def id_pattern(*prefixes: str) -> str:
    """Object ids are a prefix and random base62 characters (`resv_4fK...`)."""
    alternatives = "|".join(prefixes)
    group = f"({alternatives})" if len(prefixes) > 1 else alternatives
    return rf"^{group}_[0-9A-Za-z]+$"


# Schema helpers.


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
    return {"type": "string", "pattern": HHMM_PATTERN, "description": description, "examples": ["19:30"]}


def object_id(prefix: str, description: str) -> dict:
    return {"type": "string", "pattern": id_pattern(prefix), "description": description}


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
            "data": {"type": "array", "items": ref(item), "description": "The page, in the list's order."},
            "has_more": boolean("Whether more objects follow this page. There is no total count."),
        },
    )


TIMESTAMP_NOTE = "ISO 8601 with the restaurant's UTC offset, second precision."
