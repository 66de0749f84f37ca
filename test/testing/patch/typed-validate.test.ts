// structured-merge-diff's validation of a typed value and MutatingAdmissionPolicy's atomic-field check
// (testing/src/patch/typed-validate.ts), over Deployment as kube-apiserver 1.37.2 defines it; the
// texts the recorded MutatingAdmissionPolicy scenarios show (test/testing/mutating-admission-policy.test.ts)
// and the paths of list items by key.
import assert from "node:assert/strict";
import { test } from "node:test";
import { builtinResourceSchema, type JsonObject } from "../../../testing/src/patch/index.js";
import { atomicPaths, typedValidationError } from "../../../testing/src/patch/typed-validate.js";

const deployment = builtinResourceSchema("apps/v1", "Deployment", "1.37")!.type;
const containers = (c: JsonObject[]): JsonObject => ({ spec: { template: { spec: { containers: c } } } });

test("an undeclared field, a scalar of the wrong kind, a map where a list belongs: each at its path", () => {
  assert.equal(typedValidationError({ spec: { replicas: 3, paused: false } }, deployment), undefined);
  assert.equal(typedValidationError({ spec: { nothing: 1 } }, deployment), ".spec.nothing: field not declared in schema");
  assert.equal(
    typedValidationError({ spec: { replicas: "three" } }, deployment),
    ".spec.replicas: expected numeric (int or float), got string",
  );
  assert.equal(
    typedValidationError(containers([{ name: "main", ports: [{ containerPort: "80" }] }]), deployment),
    '.spec.template.spec.containers[name="main"].ports[containerPort="80",protocol="TCP"].containerPort: expected numeric (int or float), got string',
  );
  assert.equal(
    typedValidationError({ spec: { template: { spec: { containers: { name: "x" } } } } }, deployment),
    ".spec.template.spec.containers: expected list, got &{map[name:x]}",
  );
  // Labels are a map of strings: any key is declared.
  assert.equal(typedValidationError({ metadata: { labels: { "a/b": "c" } } }, deployment), undefined);
  // A set's item after "=", CEL's null where a map belongs (as recorded from 1.37.2).
  assert.equal(
    typedValidationError({ metadata: { finalizers: [1] } }, deployment),
    ".metadata.finalizers[=1]: expected string, got &value.valueUnstructured{Value:1}",
  );
  assert.equal(typedValidationError({ metadata: { labels: null } }, deployment), ".metadata.labels: expected map, got &{NULL_VALUE}");
  assert.equal(
    typedValidationError({ spec: { nothing: 1, replicas: true } }, deployment),
    "errors:\n  .spec.nothing: field not declared in schema\n  .spec.replicas: expected numeric (int or float), got bool",
  );
});

test("atomic structs and lists a patch sets are found, by index; granular ones and map keys are not", () => {
  assert.deepEqual(atomicPaths({ spec: { selector: { matchLabels: { a: "b" } } } }, deployment), [".spec.selector"]);
  assert.deepEqual(
    atomicPaths(
      containers([
        { name: "a", image: "x" },
        { name: "b", args: ["x"] },
      ]),
      deployment,
    ),
    [".spec.template.spec.containers[1].args"],
  );
  assert.deepEqual(atomicPaths({ metadata: { labels: { a: "b" } }, spec: { replicas: 2 } }, deployment), []);
});
