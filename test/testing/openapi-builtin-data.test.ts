// The built-in OpenAPI data the test server ships is generated from the recorded documents in
// test/fixtures/openapi-1.37 (kube-apiserver 1.37.2, the default) and test/fixtures/openapi (1.24, for
// emulate "1.24"); this checks each committed module holds exactly what the generator derives now, so
// the served documents never drift from the recordings (or from the resources the server serves). The
// decoded documents are compared, not the bytes: another zlib may compress the same JSON differently.
import assert from "node:assert/strict";
import { test } from "node:test";
import { gunzipSync } from "node:zlib";
import * as data124 from "../../testing/src/openapi/builtin-openapi-data-1.24.js";
import * as data137 from "../../testing/src/openapi/builtin-openapi-data-1.37.js";
import { builtinOpenApiData, builtinOpenApiDataFile, RELEASES } from "./openapi-builtin-data.js";

const committed = { "1.24": data124.BUILTIN_OPENAPI_GZIP_BASE64, "1.37": data137.BUILTIN_OPENAPI_GZIP_BASE64 };

for (const release of RELEASES)
  test(`${builtinOpenApiDataFile(release)} holds what test/testing/openapi-builtin-data.ts derives from the fixtures`, () => {
    const decoded = JSON.parse(gunzipSync(Buffer.from(committed[release], "base64")).toString("utf8")) as unknown;
    assert.ok(
      JSON.stringify(decoded) === JSON.stringify(builtinOpenApiData(release)),
      "stale: run npx tsx test/testing/openapi-builtin-data.ts write",
    );
  });
