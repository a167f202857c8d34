#!/usr/bin/env bash
# Regenerate the Python client's typed layer (clients/python/src/reservations_client/_generated) from
# the service's current OpenAPI document. tests/client/test_generated.py fails until this is run after
# a change to the document.
source "$(dirname "$0")/lib.sh"
python_deps
local_dev_env
mkdir -p var
"$PY" manage.py spectacular --format openapi-json --file var/openapi.json
"$PY" clients/python/generate.py var/openapi.json
