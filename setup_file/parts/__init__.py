"""The parts of a setup file, in the order they are validated and created.

Each part is an object with `NAME` (its top-level key), `validate(raw, ctx)`
returning cleaned data (reporting problems to `ctx.problems`; `raw` is MISSING
when the file leaves the part out), and `create(cleaned, ctx)`, called inside
the load's transaction once the whole file is valid. A part may refer to keys
of the parts before it. Supporting a new part is writing one module and
listing it here.
"""

from . import (
    api_keys,
    blocks,
    closures,
    companies,
    day_notes,
    floor_plans,
    guests,
    reservations,
    restaurant,
    shifts,
    users,
    waitlist,
    webhook_endpoints,
)

PARTS = (
    restaurant,
    floor_plans,
    companies,
    shifts,
    closures,
    day_notes,
    blocks,
    guests,
    reservations,
    waitlist,
    api_keys,
    webhook_endpoints,
    users,
)

# The printed result: the restaurant, then every key of the file mapped to its id.
OUTPUT_MAPS = (
    "sections",
    "tables",
    "shifts",
    "companies",
    "guests",
    "reservations",
    "waitlist",
    "api_keys",
    "webhook_endpoints",
    "users",
)
