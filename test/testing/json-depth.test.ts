// The depth limit is Go's encoding/json one, exactly: 10,000 nested arrays or objects decode, the 10,001st
// is an error, and brackets inside strings do not count (the scan skips only bodies too short to nest that deep).
import assert from "node:assert/strict";
import { test } from "node:test";
import { jsonDepthError } from "../../testing/src/endpoints/object-decode.js";
import { deepArray, deepObject } from "./hostile-cases.js";

test("10,000 levels decode; the 10,001st open bracket is the error", () => {
  assert.equal(jsonDepthError(deepArray(10_000)), undefined);
  assert.equal(jsonDepthError(deepObject(10_000)), undefined);
  assert.equal(jsonDepthError(deepArray(10_001)), "invalid character '[' exceeded max depth");
  assert.equal(jsonDepthError(`[${deepObject(10_000)}]`), "invalid character '{' exceeded max depth");
});

test("brackets inside strings, escaped quotes included, do not count", () => {
  const s = JSON.stringify('"' + "[".repeat(20_000));
  assert.equal(jsonDepthError(`{"a":${s}}`), undefined);
  assert.equal(jsonDepthError(`[${s},${deepArray(10_000)}]`), "invalid character '[' exceeded max depth");
});
