#!/usr/bin/env bash
# Record the OpenAPI document's examples from real responses: runs the conformance tests with the
# recorder on (tests/openapi/examples.py), which writes docs/api-examples/<operationId>.json for every
# operation whose example is missing or no longer matches the document. RECORD_API_EXAMPLES=all
# records every example anew.
source "$(dirname "$0")/lib.sh"
python_deps
local_dev_env
start_local_services || exit 1
export REDIS_URL="${TEST_REDIS_URL:-${REDIS_URL%/*}/1}"
export RECORD_API_EXAMPLES="${RECORD_API_EXAMPLES:-missing}"
exec "$ROOT/.venv/bin/pytest" -p no:xdist -q tests/openapi/test_conformance.py "$@"
