// The CRD strategy's warnings offline, by release (crd-checks/warnings.ts; the test server's answers
// are replayed against 1.37.2's in test/testing/crd-warnings-1.37.test.ts): a server checks formats
// at the previous minor's compatibility version, so a 1.34 server warns of the Kubernetes name
// formats that a 1.35 one knows and checks; and a target server that refuses the CRD warns of nothing.
import { test } from "node:test";
import assert from "node:assert/strict";
import { checkCrdForServers, crdWarnings } from "../../apiextensions/src/crd-checks/index.js";
import { compileSchema } from "../../apiextensions/src/validation/index.js";
import type { JSONSchemaProps } from "../../apiextensions/src/types/index.js";
import { UPDATED } from "../fixtures/apiserver-1.37/crd-warnings-cases.js";
import { specCrd } from "../fixtures/apiserver-1.37/example-crd.js";

const messages = (minor: number): string[] => crdWarnings(UPDATED, undefined, minor).map((w) => w.message);

test("the Kubernetes name formats are unrecognized on 1.34 and known from 1.35", () => {
  assert.deepEqual(messages(33), []);
  assert.deepEqual(messages(34), [
    'unrecognized format "k8s-long-name"',
    'unrecognized format "money"',
    'unrecognized format "k8s-short-name"',
  ]);
  assert.deepEqual(messages(35), ['unrecognized format "money"']);
  assert.deepEqual(messages(37), [
    'unrecognized format "money"',
    'x-kubernetes-list-type: set for items of type "object" is not supported by server-side apply or CEL validation rules',
  ]);
});

test("a custom resource's name formats are checked only where the server knows them", () => {
  const schema = { type: "object", properties: { name: { type: "string", format: "k8s-short-name" } } } as JSONSchemaProps;
  const errors = (nameFormats: boolean) => compileSchema(schema, { wording: "1.37", nameFormats }).validate({ name: "Not_A_Name" });
  assert.deepEqual(errors(false), []);
  assert.deepEqual(
    errors(true).map((e) => e.field),
    ["name"],
  );
});

test("warnings come only from the target servers that accept the CRD", () => {
  const money = { type: "object", properties: { price: { type: "string", format: "money" } } };
  const accepted = checkCrdForServers(specCrd("moneys", money), [33, 34, 35]);
  assert.deepEqual(
    accepted.warnings.map((w) => [w.kind, w.versions, w.message]),
    [["format", "1.34-1.35", 'unrecognized format "money"']],
  );
  // Refused everywhere (a list type on a string): no warning.
  const refused = checkCrdForServers(specCrd("refuseds", { ...money, "x-kubernetes-list-type": "set" }), [34, 35]);
  assert.ok(refused.rejected.length > 0);
  assert.deepEqual(refused.warnings, []);
});
