#!/usr/bin/env node
// Regenerates src/schema.ts (the `paths`, `components` and `operations` types) from the service's
// OpenAPI document, with openapi-typescript:
//
//     node generate.mjs DOCUMENT.json [OUT.ts]        # OUT defaults to src/schema.ts
//
// `make client` runs it on the current document (scripts/client.sh); tests/client/test_typescript.py
// runs it into a temporary folder and fails when the committed file differs. One adaptation is made to
// the document first, without changing what it says to the service: the `Idempotency-Key` header is
// optional in the types, because the client's middleware gives every write one (src/client.ts), so
// `client.POST("/v1/holds", { body })` type-checks without it.
import { readFile, writeFile } from "node:fs/promises";
import openapiTS, { astToString } from "openapi-typescript";

const [input, output = new URL("./src/schema.ts", import.meta.url).pathname] = process.argv.slice(2);
if (!input) {
  console.error("usage: node generate.mjs DOCUMENT.json [OUT.ts]");
  process.exit(2);
}

const document = JSON.parse(await readFile(input, "utf8"));
for (const item of Object.values(document.paths ?? {})) {
  for (const operation of Object.values(item)) {
    for (const parameter of operation?.parameters ?? []) {
      if (parameter.in === "header" && parameter.name === "Idempotency-Key") parameter.required = false;
    }
  }
}
const header = [
  "/**",
  " * Generated from the service's OpenAPI document by openapi-typescript (clients/typescript/generate.mjs,",
  " * `make client`): do not edit.",
  " */",
  "",
].join("\n");
await writeFile(output, header + astToString(await openapiTS(document)));
