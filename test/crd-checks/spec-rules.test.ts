// Names, versions, subresources, printer columns, conversion, API approval, decoding and the
// module's promises (pure, deterministic).
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  checkCrd,
  crdDecodeProblems,
  crdInvalidStatus,
  formatCrdProblem,
  type CrdProblem,
} from "../../apiextensions/src/crd-checks/index.js";
import { crdWithSpec, type Json } from "./crd-fixture.js";

function keys(ps: CrdProblem[]): string[] {
  return ps.map((p) => `${p.field} ${p.reason}`);
}

const plain: Json = { type: "object" };

function crd(patch: (c: Json & { spec: Json; metadata: Json }) => void): Json {
  return crdWithSpec(plain, patch);
}

function version(name: string, storage: boolean, spec: Json = plain): Json {
  return { name, served: true, storage, schema: { openAPIV3Schema: { type: "object", properties: { spec } } } };
}

test("a minimal CRD is accepted", () => {
  assert.deepEqual(checkCrd(crd(() => {})), []);
});

test("names: singular, listKind, shortNames, categories, kind == listKind", () => {
  const p = checkCrd(
    crd((c) => {
      c.spec.names = { kind: "Foo", plural: "foos", singular: "Foo", listKind: "Foo", shortNames: ["f_o"], categories: ["All"] };
    }),
  );
  assert.deepEqual(keys(p), [
    "spec.names.singular FieldValueInvalid",
    "spec.names.shortNames[0] FieldValueInvalid",
    "spec.names.listKind FieldValueInvalid",
    "spec.names.categories[0] FieldValueInvalid",
  ]);
  assert.equal(p[2]!.message, 'Invalid value: "Foo": kind and listKind may not be the same');
});

test("names: plural and kind are required; name must still be <plural>.<group>", () => {
  const p = checkCrd(
    crd((c) => {
      c.spec.names = {};
      c.metadata.name = "foos.example.com";
    }),
  );
  assert.deepEqual(keys(p), [
    "metadata.name FieldValueInvalid",
    "spec.names.plural FieldValueRequired",
    "spec.names.singular FieldValueRequired",
    "spec.names.kind FieldValueRequired",
    "spec.names.listKind FieldValueRequired",
  ]);
});

test("group and scope", () => {
  assert.deepEqual(keys(checkCrd(crd((c) => ((c.spec.group = "example"), (c.metadata.name = "foos.example"))))), [
    "spec.group FieldValueInvalid",
  ]);
  assert.deepEqual(keys(checkCrd(crd((c) => (c.spec.scope = "Global")))), ["spec.scope FieldValueNotSupported"]);
  assert.deepEqual(keys(checkCrd(crd((c) => delete c.spec.scope))), ["spec.scope FieldValueRequired"]);
});

test("versions: unique names, one storage version, valid names, schemas required", () => {
  assert.deepEqual(keys(checkCrd(crd((c) => (c.spec.versions = [version("v1", true), version("v1", false)])))), [
    "spec.versions FieldValueInvalid",
  ]);
  assert.deepEqual(keys(checkCrd(crd((c) => (c.spec.versions = [version("v1", false)])))), [
    "spec.versions FieldValueInvalid",
    "status.storedVersions FieldValueInvalid",
  ]);
  assert.deepEqual(keys(checkCrd(crd((c) => (c.spec.versions = [version("V1", true)])))), [
    "spec.versions[0].name FieldValueInvalid",
    "spec.version FieldValueInvalid",
  ]);
  assert.deepEqual(keys(checkCrd(crd((c) => (c.spec.versions = [{ name: "v1", served: true, storage: true }])))), [
    "spec.versions[0].schema.openAPIV3Schema FieldValueRequired",
  ]);
  assert.deepEqual(keys(checkCrd(crd((c) => (c.spec.versions = [{ ...version("v1", true), deprecationWarning: "old" }])))), [
    "spec.versions[0].deprecationWarning FieldValueInvalid",
  ]);
});

test("versions with different schemas are checked at their own paths", () => {
  const p = checkCrd(
    crd((c) => (c.spec.versions = [version("v1", true), version("v2", false, { type: "object", properties: { a: {} } })])),
  );
  assert.deepEqual(keys(p), ["spec.versions[1].schema.openAPIV3Schema.properties[spec].properties[a].type FieldValueRequired"]);
});

test("scale subresource paths", () => {
  const withScale = (scale: Json): CrdProblem[] => checkCrd(crd((c) => ((c.spec.versions as Json[])[0]!.subresources = { scale })));
  assert.deepEqual(
    withScale({ specReplicasPath: ".spec.replicas", statusReplicasPath: ".status.replicas", labelSelectorPath: ".status.selector" }),
    [],
  );
  assert.deepEqual(
    keys(withScale({ specReplicasPath: ".status.replicas", statusReplicasPath: ".spec.replicas", labelSelectorPath: ".metadata.labels" })),
    [
      "spec.subresources.scale.specReplicasPath FieldValueInvalid",
      "spec.subresources.scale.statusReplicasPath FieldValueInvalid",
      "spec.subresources.scale.labelSelectorPath FieldValueInvalid",
    ],
  );
  const p = withScale({ specReplicasPath: "" });
  assert.deepEqual(keys(p), [
    "spec.subresources.scale.specReplicasPath FieldValueRequired",
    "spec.subresources.scale.statusReplicasPath FieldValueRequired",
  ]);
  assert.equal(
    withScale({ specReplicasPath: ".spec.x", statusReplicasPath: ".status.y", labelSelectorPath: "status.s" })[0]!.message,
    'Invalid value: "status.s": must be a simple json path starting with .',
  );
});

test("printer columns", () => {
  const withColumns = (cols: Json[]): CrdProblem[] =>
    checkCrd(crd((c) => ((c.spec.versions as Json[])[0]!.additionalPrinterColumns = cols)));
  assert.deepEqual(withColumns([{ name: "Age", type: "date", jsonPath: ".metadata.creationTimestamp" }]), []);
  const p = withColumns([
    { name: "", type: "", format: "hex", jsonPath: "" },
    { name: "X", type: "integer", jsonPath: "spec.x" },
  ]);
  assert.deepEqual(keys(p), [
    "spec.additionalPrinterColumns[0].name FieldValueRequired",
    "spec.additionalPrinterColumns[0].type FieldValueRequired",
    "spec.additionalPrinterColumns[0].format FieldValueInvalid",
    "spec.additionalPrinterColumns[0].JSONPath FieldValueRequired",
    "spec.additionalPrinterColumns[1].JSONPath FieldValueInvalid",
  ]);
  assert.equal(p[2]!.message, 'Invalid value: "hex": must be one of byte,date,date-time,double,float,int32,int64,password');
});

test("conversion", () => {
  assert.deepEqual(keys(checkCrd(crd((c) => (c.spec.conversion = { strategy: "Webhook" })))), [
    "spec.conversion.webhookClientConfig FieldValueRequired",
    "spec.conversion.conversionReviewVersions FieldValueRequired",
  ]);
  const ok = {
    strategy: "Webhook",
    webhook: { conversionReviewVersions: ["v1"], clientConfig: { service: { namespace: "ns", name: "svc" } } },
  };
  assert.deepEqual(checkCrd(crd((c) => (c.spec.conversion = ok))), []);
  assert.deepEqual(keys(checkCrd(crd((c) => (c.spec.conversion = { strategy: "Magic" })))), [
    "spec.conversion.strategy FieldValueNotSupported",
  ]);
  assert.deepEqual(keys(checkCrd(crd((c) => (c.spec.preserveUnknownFields = true)))), ["spec.preserveUnknownFields FieldValueInvalid"]);
  const withDefault = crdWithSpec(
    { type: "object", properties: { a: { type: "string", default: "x" } } },
    (c) => (c.spec.preserveUnknownFields = true),
  );
  assert.deepEqual(keys(checkCrd(withDefault)), [
    "spec.preserveUnknownFields FieldValueInvalid",
    "spec.preserveUnknownFields FieldValueInvalid",
  ]);
});

test("API approval for protected groups", () => {
  const inGroup = (group: string, annotation?: string): CrdProblem[] =>
    checkCrd(
      crd((c) => {
        c.spec.group = group;
        c.metadata.name = `foos.${group}`;
        if (annotation !== undefined) c.metadata.annotations = { "api-approved.kubernetes.io": annotation };
      }),
    );
  assert.deepEqual(keys(inGroup("x.kubernetes.io")), ["metadata.annotations[api-approved.kubernetes.io] FieldValueRequired"]);
  assert.deepEqual(inGroup("x.k8s.io", "https://github.com/kubernetes/enhancements/pull/1111"), []);
  assert.deepEqual(inGroup("x.k8s.io", "unapproved, experimental"), []);
  assert.deepEqual(keys(inGroup("x.k8s.io", "yes")), ["metadata.annotations[api-approved.kubernetes.io] FieldValueInvalid"]);
  assert.deepEqual(inGroup("k8s.io.example.com"), []);
});

test("metadata labels, annotations and namespace", () => {
  const p = checkCrd(
    crd((c) => {
      c.metadata.labels = { "bad key!": "v", ok: "bad value!" };
      c.metadata.annotations = { "a/b/c": "x" };
      c.metadata.namespace = "default";
    }),
  );
  assert.deepEqual(keys(p), [
    "metadata.namespace FieldValueForbidden",
    "metadata.labels FieldValueInvalid",
    "metadata.labels FieldValueInvalid",
    "metadata.annotations FieldValueInvalid",
  ]);
  assert.match(p[1]!.message, /^Invalid value: "bad key!": name part must consist of alphanumeric characters/);
});

test("only apiextensions.k8s.io/v1 CustomResourceDefinitions are checked", () => {
  assert.deepEqual(keys(checkCrd(crd((c) => (c.apiVersion = "apiextensions.k8s.io/v1beta1")))), ["apiVersion FieldValueNotSupported"]);
  assert.deepEqual(keys(checkCrd(crd((c) => (c.kind = "Foo")))), ["kind FieldValueNotSupported"]);
  assert.deepEqual(checkCrd(crd((c) => (delete c.apiVersion, delete c.kind))), []);
});

test("values of the wrong JSON type are reported instead of crashing", () => {
  const p = checkCrd(crdWithSpec({ type: 5, properties: { a: { type: "string", maxLength: "3" } } }));
  assert.deepEqual(keys(p), [
    "spec.versions[0].schema.openAPIV3Schema.properties[spec].type FieldValueTypeInvalid",
    "spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[a].maxLength FieldValueTypeInvalid",
  ]);
  assert.deepEqual(crdDecodeProblems(crdWithSpec({ type: 5 })), checkCrd(crdWithSpec({ type: 5 })));
  assert.deepEqual(crdDecodeProblems(crdWithSpec({ type: "object", properties: { a: {} } })), []);
  assert.deepEqual(keys(checkCrd(null)).length > 0, true);
  assert.deepEqual(keys(checkCrd("x")), [" FieldValueTypeInvalid"]);
});

test("checks are pure and deterministic", () => {
  const input = crdWithSpec({
    type: "object",
    properties: { a: {}, b: { type: "array" } },
    "x-kubernetes-validations": [{ rule: "self.x" }],
  });
  const before = JSON.stringify(input);
  const first = checkCrd(input);
  assert.equal(JSON.stringify(input), before);
  assert.deepEqual(checkCrd(JSON.parse(before)), first);
  assert.ok(first.length >= 2);
});

test("formatCrdProblem and crdInvalidStatus word causes like the server", () => {
  const p: CrdProblem = { field: "spec.group", reason: "FieldValueRequired", message: "Required value" };
  assert.equal(formatCrdProblem(p), "spec.group: Required value");
  assert.equal(
    crdInvalidStatus("a.b", [p]).message,
    'CustomResourceDefinition.apiextensions.k8s.io "a.b" is invalid: spec.group: Required value',
  );
  assert.equal(
    crdInvalidStatus("a.b", [p, p]).message,
    'CustomResourceDefinition.apiextensions.k8s.io "a.b" is invalid: [spec.group: Required value, spec.group: Required value]',
  );
});

test("values in CRD problems are quoted like Go's %q: a non-printable rune is escaped, not kept as JSON would", () => {
  const problems = checkCrd(crdWithSpec({ type: "object", properties: { p: { type: "string", pattern: "(a)\u00a0\\1" } } }));
  assert.equal(problems.length, 1);
  assert.match(problems[0]!.message, /^Invalid value: "\(a\)\\u00a0\\\\1": must be a valid regular expression/);
});
