// The CRD checks' wording where releases between 1.24 and 1.37 differ, from each release's Go source
// (apiextensions-apiserver pkg/apis/apiextensions/validation/validation.go at v0.27, v0.28, v0.32, v0.34):
// what "must have the storage version" prints, the selectableFields messages before 1.34, a
// deprecation warning printed by encoding/json from 1.34, and a rule fieldPath's quoted steps.
import assert from "node:assert/strict";
import { test } from "node:test";
import { checkCrd } from "../../apiextensions/src/crd-checks/index.js";

type Json = Record<string, unknown>;
const schema = { openAPIV3Schema: { type: "object", properties: { spec: { type: "object", properties: { a: { type: "string" } } } } } };
function crd(versions: Json[], extra: Json = {}): Json {
  return {
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    metadata: { name: "things.example.com" },
    spec: { group: "example.com", names: { kind: "Thing", plural: "things" }, scope: "Namespaced", versions, ...extra },
  };
}
const messages = (obj: Json, minor: number): string[] => checkCrd(obj, { serverVersion: minor }).map((p) => `${p.field}: ${p.message}`);

test("two storage versions: the stored versions are printed from 1.28, the version before", () => {
  const twoStorage = crd([
    { name: "v1", served: true, storage: true, schema },
    { name: "v2", served: true, storage: true, schema },
  ]);
  const stored = (minor: number) => messages(twoStorage, minor).find((m) => m.startsWith("status.storedVersions"));
  assert.match(stored(27) ?? "", /^status\.storedVersions: Invalid value: apiextensions\.CustomResourceDefinitionVersion\{Name:"v2"/);
  assert.equal(stored(28), 'status.storedVersions: Invalid value: []string{"v1"}: must have the storage version v2');
  assert.equal(stored(37), 'status.storedVersions: Invalid value: ["v1"]: must have the storage version v2');
});

test("selectableFields with a version sharing its schema: the field's name leads the message before 1.34", () => {
  const differ = crd([
    { name: "v1", served: true, storage: true, schema, selectableFields: [{ jsonPath: ".spec.a" }] },
    { name: "v2", served: true, storage: false, schema },
  ]);
  assert.ok(
    messages(differ, 32).includes(
      'spec.versions[0].selectableFields: Invalid value: "": selectableFields may only be set when version.schema.openAPIV3Schema is not included',
    ),
  );
  assert.ok(
    messages(differ, 37).includes(
      'spec.versions[0].selectableFields: Invalid value: "": may only be set when `version.schema.openAPIV3Schema` is not included',
    ),
  );
});

test("a deprecation warning is printed by encoding/json from 1.34", () => {
  const warned = crd([{ name: "v1", served: true, storage: true, deprecated: false, deprecationWarning: "use <v2> & co", schema }]);
  assert.deepEqual(messages(warned, 32), [
    'spec.versions[0].deprecationWarning: Invalid value: "use <v2> & co": can only be set for deprecated versions',
  ]);
  assert.deepEqual(messages(warned, 37), [
    'spec.versions[0].deprecationWarning: Invalid value: "use \\u003cv2\\u003e \\u0026 co": can only be set for deprecated versions',
  ]);
});

test("a rule's fieldPath: quoted steps unescape as the server's, and an unknown escape is not a valid path (even where dropping the backslash names a field)", () => {
  const withRule = (fieldPath: string) =>
    crd([
      {
        name: "v1",
        served: true,
        storage: true,
        schema: {
          openAPIV3Schema: {
            type: "object",
            properties: {
              spec: {
                type: "object",
                properties: { "a'b": { type: "string" }, aqb: { type: "string" } },
                "x-kubernetes-validations": [{ rule: "true", fieldPath }],
              },
            },
          },
        },
      },
    ]);
  assert.deepEqual(messages(withRule("['a\\'b']"), 37), []);
  assert.deepEqual(messages(withRule("['a\\qb']"), 37), [
    "spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].fieldPath: Invalid value: \"['a\\\\qb']\": must be a valid path",
  ]);
});
