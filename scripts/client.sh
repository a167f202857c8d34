#!/usr/bin/env bash
# Regenerate the clients' typed layers from the service's current OpenAPI document: the Python client's
# (clients/python/src/reservations_client/_generated) and the TypeScript client's types
# (clients/typescript/src/schema.ts). tests/client/test_generated.py and test_typescript.py fail until
# this is run after a change to the document.
source "$(dirname "$0")/lib.sh"
python_deps
node_deps
local_dev_env
mkdir -p var
"$PY" manage.py spectacular --format openapi-json --file var/openapi.json
"$PY" clients/python/generate.py var/openapi.json
node clients/typescript/generate.mjs var/openapi.json
