// selectableFields in the offline CRD checks: from 1.31 (the field's beta, on by default) each
// recorded CRD of test/fixtures/apiserver-1.37/selectable-fields.json gets the causes 1.37.2 gave
// (none of their messages print a value 1.34 renders differently); 1.30 drops the field unchecked.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { checkCrd } from "../../apiextensions/src/crd-checks/index.js";

interface Exchange {
  step: string;
  request: { method: string; path: string; body?: unknown };
  response: { status: number; body?: { details?: { causes?: { field: string; reason: string; message: string }[] } } };
}
const CRD_CREATES = (
  JSON.parse(readFileSync(new URL("../fixtures/apiserver-1.37/selectable-fields.json", import.meta.url), "utf8")) as {
    exchanges: Exchange[];
  }
).exchanges.filter((x) => x.step.startsWith("crd: "));

test("from 1.31 the checks give the recorded causes for every selectableFields case", () => {
  assert.ok(CRD_CREATES.length >= 10);
  for (const x of CRD_CREATES) {
    const want = x.response.status === 422 ? (x.response.body?.details?.causes ?? []) : [];
    const got = checkCrd(x.request.body, { serverVersion: 31 }).map((p) => ({ reason: p.reason, message: p.message, field: p.field }));
    assert.deepEqual(got, want, x.step);
  }
});

test("1.30 does not check selectableFields", () => {
  for (const x of CRD_CREATES) assert.deepEqual(checkCrd(x.request.body, { serverVersion: 30 }), [], x.step);
});
