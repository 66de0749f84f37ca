// Every CRD create in the real server's transcripts: rejected ones must yield exactly the
// server's set of (field, reason) causes, accepted ones must yield none.
import { readFileSync } from "node:fs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { checkCrd, crdInvalidStatus, crdName, normalizeCrd } from "../../apiextensions/src/crd-checks/index.js";
import { TRANSCRIPTS } from "../helpers/fixtures.js";

interface Exchange {
  step: string;
  request: { method: string; path: string; body?: unknown };
  response: {
    status: number;
    body?: { kind?: string; message?: string; spec?: unknown; details?: { causes?: { field: string; reason: string; message: string }[] } };
  };
}

const dir = TRANSCRIPTS;

function crdCreates(file: string): Exchange[] {
  const all = JSON.parse(readFileSync(`${dir}/${file}`, "utf8")) as Exchange[];
  return all.filter(
    (e) => e.request.method === "POST" && e.request.path.startsWith("/apis/apiextensions.k8s.io/v1/customresourcedefinitions"),
  );
}

function causeKeys(cs: readonly { field: string; reason: string }[]): string[] {
  return cs.map((c) => `${c.field} ${c.reason}`).sort();
}

for (const file of ["crd_validation.json", "crd_lifecycle.json"]) {
  test(`${file}: CRD creates match the server`, () => {
    const cases = crdCreates(file);
    const failures: string[] = [];
    let ok = 0;
    for (const ex of cases) {
      const got = checkCrd(ex.request.body);
      const want = ex.response.status === 422 ? (ex.response.body?.details?.causes ?? []) : [];
      const g = causeKeys(got);
      const w = causeKeys(want);
      if (JSON.stringify(g) === JSON.stringify(w)) ok++;
      else failures.push(`${ex.step}\n  want ${JSON.stringify(w)}\n  got  ${JSON.stringify(g)}`);
    }
    console.log(`${file.replace(".json", "")}: ${ok}/${cases.length}`);
    assert.ok(cases.length > 0);
    assert.deepEqual(failures, []);
  });
}

test("crd_validation.json: cause messages match the server's word for word", () => {
  const cases = crdCreates("crd_validation.json").filter((e) => e.response.status === 422);
  const mismatched: string[] = [];
  let compared = 0;
  for (const ex of cases) {
    const got = checkCrd(ex.request.body);
    for (const want of ex.response.body?.details?.causes ?? []) {
      const same = got.find((g) => g.field === want.field && g.reason === want.reason && g.message === want.message);
      compared++;
      if (same === undefined) mismatched.push(`${ex.step}: ${want.field}: ${want.message}`);
    }
  }
  console.log(`crd_validation messages: ${compared - mismatched.length}/${compared}`);
  assert.deepEqual(mismatched, []);
});

test("crdInvalidStatus reproduces the server's 422 bodies", () => {
  let n = 0;
  for (const file of ["crd_validation.json", "crd_lifecycle.json"]) {
    for (const ex of crdCreates(file).filter((e) => e.response.status === 422)) {
      const status = crdInvalidStatus(crdName(ex.request.body), checkCrd(ex.request.body));
      // Same causes in the same order, so the whole body (message included) is the server's.
      assert.deepEqual(status, ex.response.body, ex.step);
      n++;
    }
  }
  console.log(`422 bodies identical: ${n}`);
  assert.equal(n, 36);
});

test("normalizeCrd gives the spec the server stores for every accepted CRD", () => {
  let n = 0;
  for (const file of ["crd_validation.json", "crd_lifecycle.json"]) {
    for (const ex of crdCreates(file).filter((e) => e.response.status === 201)) {
      const before = JSON.stringify(ex.request.body);
      assert.deepEqual(normalizeCrd(ex.request.body).spec, ex.response.body?.spec, ex.step);
      assert.equal(JSON.stringify(ex.request.body), before);
      n++;
    }
  }
  console.log(`stored specs identical: ${n}`);
  assert.equal(n, 14);
});
