// The built-in OpenAPI data the test server ships is generated from the recorded documents in
// test/fixtures/openapi; this checks the committed module holds exactly what the generator derives now, so
// the served documents never drift from the recordings (or from the resources the server serves). The
// decoded documents are compared, not the bytes: another zlib may compress the same JSON differently.
import assert from "node:assert/strict";
import { test } from "node:test";
import { gunzipSync } from "node:zlib";
import { BUILTIN_OPENAPI_GZIP_BASE64 } from "../../testing/src/openapi/builtin-openapi-data.js";
import { builtinOpenApiData } from "./openapi-builtin-data.js";

test("testing/src/openapi/builtin-openapi-data.ts holds what test/testing/openapi-builtin-data.ts derives from the fixtures", () => {
  const committed = JSON.parse(gunzipSync(Buffer.from(BUILTIN_OPENAPI_GZIP_BASE64, "base64")).toString("utf8")) as unknown;
  assert.ok(
    JSON.stringify(committed) === JSON.stringify(builtinOpenApiData()),
    "stale: run npx tsx test/testing/openapi-builtin-data.ts write",
  );
});
