"""A strong ETag from the parts an answer depends on (the API's conditional GETs, config.api.etag,
and the selectors that name their answers, reservations.selectors.availability_answers)."""

import hashlib
import json


def etag_of(*parts) -> str:
    digest = hashlib.sha256(json.dumps(parts, separators=(",", ":"), default=str).encode()).hexdigest()
    return f'"{digest[:32]}"'
