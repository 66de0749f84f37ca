// Realistic CRDs: one written by controller-gen (accepted by a real cluster, from the seeds)
// and one in the shape our crd generator writes. Both must pass; small edits must not.
import { readFileSync } from "node:fs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { parse } from "yaml";
import { checkCrd } from "../../apiextensions/src/crd-checks/index.js";

function load(name: string): Record<string, any> {
  return parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8")) as Record<string, any>;
}

test("controller-gen's TraefikService CRD is accepted", () => {
  assert.deepEqual(checkCrd(load("traefikservices.yaml")), []);
});

test("a CRD in the generator's shape is accepted", () => {
  assert.deepEqual(checkCrd(load("generated-style.yaml")), []);
});

test("per-version paths are used when versions differ", () => {
  const crd = load("generated-style.yaml");
  crd.spec.versions[1].schema.openAPIV3Schema.properties.spec.properties.replicas.default = "one";
  crd.spec.versions[0].subresources.scale = { specReplicasPath: ".status.x", statusReplicasPath: ".status.y" };
  assert.deepEqual(
    checkCrd(crd).map((p) => p.field),
    [
      "spec.versions[0].subresources.scale.specReplicasPath",
      "spec.versions[1].schema.openAPIV3Schema.properties[spec].properties[replicas].default",
    ],
  );
});

test("the generator-shaped CRD's rules are type-checked against its schema", () => {
  const crd = load("generated-style.yaml");
  crd.spec.versions[1].schema.openAPIV3Schema.properties.spec["x-kubernetes-validations"].push({ rule: "self.replica > 0" });
  const p = checkCrd(crd);
  assert.equal(p.length, 1);
  assert.match(p[0]!.message, /undefined field 'replica'/);
});
