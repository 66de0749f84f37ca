// selectableFields in the offline CRD checks: each recorded CRD of
// test/fixtures/apiserver-1.37/selectable-fields.json gets the causes 1.37.2 gave; from 1.31 (the
// field's beta, on by default) the same fields are refused; 1.30 drops the field unchecked.
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

test("the checks give 1.37's causes for every selectableFields case, and 1.31 the same fields and reasons", () => {
  assert.ok(CRD_CREATES.length >= 10);
  for (const x of CRD_CREATES) {
    const want = x.response.status === 422 ? (x.response.body?.details?.causes ?? []) : [];
    const got = checkCrd(x.request.body, { serverVersion: 37 }).map((p) => ({ reason: p.reason, message: p.message, field: p.field }));
    assert.deepEqual(got, want, x.step);
    // Before 1.34 only the "may only be set" message differs: it starts with the field's name.
    const early = checkCrd(x.request.body, { serverVersion: 31 }).map((p) => `${p.field} ${p.reason}`);
    assert.deepEqual(
      early,
      want.map((c) => `${c.field} ${c.reason}`),
      x.step,
    );
  }
});

test("1.30 does not check selectableFields", () => {
  for (const x of CRD_CREATES) assert.deepEqual(checkCrd(x.request.body, { serverVersion: 30 }), [], x.step);
});
