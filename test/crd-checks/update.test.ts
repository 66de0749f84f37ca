// CRD updates: immutable fields, stored versions carried over, ratcheted approval.
import { test } from "node:test";
import assert from "node:assert/strict";
import { checkCrdUpdate, normalizeCrd, type CrdProblem } from "../../apiextensions/src/crd-checks/index.js";
import { crdWithSpec, type Json } from "./crd-fixture.js";

function keys(ps: CrdProblem[]): string[] {
  return ps.map((p) => `${p.field} ${p.reason}`);
}

function stored(patch?: (c: Json & { spec: Json; metadata: Json }) => void): Json {
  const crd = normalizeCrd(crdWithSpec({ type: "object" }, patch));
  crd.status = { storedVersions: ["v1"], acceptedNames: { kind: "Foo", plural: "foos" } };
  return crd;
}

function edited(old: Json, edit: (c: Json & { spec: Json; metadata: Json }) => void): Json {
  const c = JSON.parse(JSON.stringify(old)) as Json & { spec: Json; metadata: Json };
  edit(c);
  return c;
}

test("an unchanged CRD and a new served version are accepted", () => {
  const old = stored();
  assert.deepEqual(checkCrdUpdate(old, old, { established: true }), []);
  const withV2 = edited(old, (c) =>
    (c.spec.versions as Json[]).push({ name: "v2", served: true, storage: false, schema: { openAPIV3Schema: { type: "object" } } }),
  );
  assert.deepEqual(checkCrdUpdate(withV2, old, { established: true }), []);
});

test("name, group and plural are immutable; scope and kind once established", () => {
  const old = stored();
  const changed = edited(old, (c) => {
    c.metadata.name = "bars.example.org";
    c.spec.group = "example.org";
    c.spec.names = { kind: "Bar", plural: "bars", singular: "bar", listKind: "BarList" };
    c.spec.scope = "Namespaced";
  });
  assert.deepEqual(keys(checkCrdUpdate(changed, old)), [
    "metadata.name FieldValueInvalid",
    "spec.group FieldValueInvalid",
    "spec.names.plural FieldValueInvalid",
  ]);
  assert.deepEqual(keys(checkCrdUpdate(changed, old, { established: true })), [
    "metadata.name FieldValueInvalid",
    "spec.scope FieldValueInvalid",
    "spec.names.kind FieldValueInvalid",
    "spec.group FieldValueInvalid",
    "spec.names.plural FieldValueInvalid",
  ]);
});

test("a version that was ever stored must stay in spec.versions", () => {
  const old = stored();
  const moved = edited(
    old,
    (c) => (c.spec.versions = [{ name: "v2", served: true, storage: true, schema: { openAPIV3Schema: { type: "object" } } }]),
  );
  const p = checkCrdUpdate(moved, old);
  assert.deepEqual(keys(p), ["status.storedVersions[0] FieldValueInvalid"]);
  assert.equal(p[0]!.message, 'Invalid value: "v1": must appear in spec.versions');
});

test("update runs the create rules on the new object", () => {
  const old = stored();
  const bad = edited(
    old,
    (c) => (((c.spec.versions as Json[])[0]!.schema as Json).openAPIV3Schema = { type: "object", properties: { a: {} } }),
  );
  assert.deepEqual(keys(checkCrdUpdate(bad, old)), ["spec.validation.openAPIV3Schema.properties[a].type FieldValueRequired"]);
});

test("the approval annotation is only checked when its state changes", () => {
  const protectedCrd = (c: Json & { spec: Json; metadata: Json }): void => {
    c.spec.group = "x.k8s.io";
    c.metadata.name = "foos.x.k8s.io";
  };
  const old = stored(protectedCrd);
  assert.deepEqual(checkCrdUpdate(old, old), []);
  const approved = edited(old, (c) => (c.metadata.annotations = { "api-approved.kubernetes.io": "bogus" }));
  assert.deepEqual(keys(checkCrdUpdate(approved, old)), ["metadata.annotations[api-approved.kubernetes.io] FieldValueInvalid"]);
});
