// `kube-codegen validate` applies ObjectMeta validation as a 1.24 server does on create (apimachinery's
// ValidateObjectMetaAccessor): labels, annotations, finalizers, owner references, generateName and the
// namespace for the CRD's scope, with the server's field paths and messages. The expected texts are written
// out in full here, as the server prints them, so a change of wording fails.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { stringify } from "yaml";
import { validateFiles, validateObjectMeta, validateObjectMetaUpdate } from "../../apiextensions/src/validation/index.js";
import { validateObjectMeta as testServerObjectMeta } from "../../testing/src/registry/object-meta-validation.js";
import { TRANSCRIPTS } from "../helpers/fixtures.js";
import { tempDir } from "../helpers/fs.js";

type Crd = { metadata: { name: string }; spec: { scope: string; names: Record<string, unknown> } };
const widgetCrd = (JSON.parse(readFileSync(`${TRANSCRIPTS}/crd_lifecycle.json`, "utf8")) as { request: { body: Crd } }[])[0]!.request.body;

// The same schema served cluster-scoped, as kind Gadget.
function gadgetCrd(): Crd {
  const crd = structuredClone(widgetCrd);
  crd.metadata.name = "gadgets.conformance.example.com";
  crd.spec.scope = "Cluster";
  crd.spec.names = { kind: "Gadget", listKind: "GadgetList", plural: "gadgets", singular: "gadget" };
  return crd;
}

const SUBDOMAIN_RULE =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const LABEL_RULE =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const NAME_PART_RULE =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const LABEL_VALUE_RULE =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

async function validate(...objects: Record<string, unknown>[]): Promise<{ errors: string[]; warnings: string[] }[]> {
  const dir = tempDir("kcg-validate-meta-");
  const crds = join(dir, "crds.yaml");
  writeFileSync(crds, [stringify(widgetCrd), stringify(gadgetCrd())].join("---\n"));
  const file = join(dir, "resources.yaml");
  writeFileSync(file, objects.map((o) => stringify(o)).join("---\n"));
  const report = await validateFiles({ crdsDir: crds, files: [file] });
  assert.deepEqual(report.problems, []);
  return report.results.map((r) => ({ errors: r.errors, warnings: r.warnings }));
}

const widget = (metadata: Record<string, unknown>, kind = "Widget"): Record<string, unknown> => ({
  apiVersion: "conformance.example.com/v1",
  kind,
  metadata,
  spec: { size: "small" },
});

test("valid metadata passes: qualified labels and annotations, empty label value, a namespace", async () => {
  const [r] = await validate(
    widget({
      name: "ok",
      namespace: "team-a",
      labels: { "app.kubernetes.io/name": "ok", tier: "" },
      annotations: { "Example.COM/Note": "any text at all, spaces included" },
      finalizers: ["example.com/cleanup"],
    }),
  );
  assert.deepEqual(r, { errors: [], warnings: [] });
});

test("bad label keys and values are reported under metadata.labels with the server's messages", async () => {
  const [r] = await validate(widget({ name: "l", labels: { "bad key": "ok", "Example.com/x": "v", good: "-bad-", long: "x".repeat(64) } }));
  assert.deepEqual(r?.errors, [
    `metadata.labels: Invalid value: "bad key": ${NAME_PART_RULE}`,
    `metadata.labels: Invalid value: "Example.com/x": prefix part ${SUBDOMAIN_RULE}`,
    `metadata.labels: Invalid value: "-bad-": ${LABEL_VALUE_RULE}`,
    `metadata.labels: Invalid value: "${"x".repeat(64)}": must be no more than 63 characters`,
  ]);
});

test("label keys: empty prefix or name part, more than one '/', and a name part over 63 characters", async () => {
  const [r] = await validate(widget({ name: "k", labels: { "/x": "a", "a/": "b", "a/b/c": "c", [`p.io/${"n".repeat(64)}`]: "d" } }));
  assert.deepEqual(r?.errors, [
    `metadata.labels: Invalid value: "/x": prefix part must be non-empty`,
    `metadata.labels: Invalid value: "a/": name part must be non-empty`,
    `metadata.labels: Invalid value: "a/": ${NAME_PART_RULE}`,
    `metadata.labels: Invalid value: "a/b/c": a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    `metadata.labels: Invalid value: "p.io/${"n".repeat(64)}": name part must be no more than 63 characters`,
  ]);
});

test("annotation keys are qualified names in any case; the total size is limited to 256 KiB", async () => {
  const [bad, big, edge] = await validate(
    widget({ name: "a", annotations: { "UPPER.Example.com/OK": "", "no spaces": "v" } }),
    widget({ name: "b", annotations: { a: "x".repeat(256 * 1024) } }),
    widget({ name: "c", annotations: { a: "x".repeat(256 * 1024 - 1) } }),
  );
  assert.deepEqual(bad?.errors, [`metadata.annotations: Invalid value: "no spaces": ${NAME_PART_RULE}`]);
  assert.deepEqual(big?.errors, ["metadata.annotations: Too long: must have at most 262144 bytes"]);
  assert.deepEqual(edge?.errors, []);
});

test("annotation size counts UTF-8 bytes, as Go's len does", async () => {
  // 87382 three-byte characters are 262146 bytes but only 87382 UTF-16 units.
  const [r] = await validate(widget({ name: "u", annotations: { a: "€".repeat(87382) } }));
  assert.deepEqual(r?.errors, ["metadata.annotations: Too long: must have at most 262144 bytes"]);
});

test("finalizers: qualified names under metadata.finalizers; orphan with foregroundDeletion is refused; an unqualified one only warns", async () => {
  const [bad, both, plain] = await validate(
    widget({ name: "f", finalizers: ["example.com/ok", "bad finalizer", "a/b/c/"] }),
    widget({ name: "g", finalizers: ["orphan", "foregroundDeletion"] }),
    widget({ name: "h", finalizers: ["cleanup", "foregroundDeletion"] }),
  );
  assert.equal(bad?.errors[0], `metadata.finalizers: Invalid value: "bad finalizer": ${NAME_PART_RULE}`);
  assert.match(bad?.errors[1] ?? "", /^metadata\.finalizers: Invalid value: "a\/b\/c\/": a qualified name must consist/);
  assert.equal(bad?.errors.length, 2);
  assert.deepEqual(both?.errors, [
    `metadata.finalizers: Invalid value: []string{"orphan", "foregroundDeletion"}: finalizer orphan and foregroundDeletion cannot be both set`,
  ]);
  // A 1.24 server accepts "cleanup" on a custom resource; newer servers add this warning.
  assert.deepEqual(plain, {
    errors: [],
    warnings: [
      `metadata.finalizers: "cleanup": prefer a domain-qualified finalizer name to avoid accidental conflicts with other finalizer writers`,
    ],
  });
});

test("namespace: a DNS-1123 label for namespaced kinds, optional in files; dropped with a warning for cluster-scoped kinds", async () => {
  const [badNs, noNs, clusterWithNs, clusterOk] = await validate(
    widget({ name: "w1", namespace: "Team_A" }),
    widget({ name: "n2" }),
    widget({ name: "c", namespace: "default" }, "Gadget"),
    widget({ name: "c2" }, "Gadget"),
  );
  assert.deepEqual(badNs?.errors, [`metadata.namespace: Invalid value: "Team_A": ${LABEL_RULE}`]);
  assert.deepEqual(noNs?.errors, []);
  // The server clears it before validating (EnsureObjectNamespaceMatchesRequestNamespace), so it creates the object.
  assert.deepEqual(clusterWithNs, {
    errors: [],
    warnings: [`metadata.namespace "default" is ignored: Gadget is cluster-scoped and the server drops it`],
  });
  assert.deepEqual(clusterOk?.errors, []);
});

test("generateName is checked with its trailing dash masked, before the name; the report keeps the server's order", async () => {
  const [gen, dashOnly, order] = await validate(
    widget({ generateName: "Web-" }),
    widget({ generateName: "-" }),
    widget({ name: "Bad", namespace: "x_y", labels: { "k k": "v" }, annotations: { "a a": "" }, finalizers: ["f f"] }),
  );
  assert.deepEqual(gen?.errors, [`metadata.generateName: Invalid value: "Web-": ${SUBDOMAIN_RULE}`]);
  assert.deepEqual(dashOnly?.errors, [`metadata.generateName: Invalid value: "-": ${SUBDOMAIN_RULE}`]);
  assert.deepEqual(
    order?.errors.map((e) => e.split(":")[0]),
    ["metadata.name", "metadata.namespace", "metadata.labels", "metadata.annotations", "metadata.finalizers"],
  );
});

test("owner references: empty fields and a second controller, under metadata.ownerReferences without an index", () => {
  const errors = validateObjectMeta(
    {
      name: "o",
      ownerReferences: [
        { apiVersion: "apps/", kind: "", name: "a", uid: "1", controller: true },
        { apiVersion: "v1", kind: "ConfigMap", name: "", uid: "", controller: true },
      ],
    },
    { nameRule: "subdomain", namespaced: true },
  );
  assert.deepEqual(
    errors.map((e) => [e.reason, e.field]),
    [
      ["FieldValueInvalid", "metadata.ownerReferences.apiVersion"],
      ["FieldValueInvalid", "metadata.ownerReferences.kind"],
      ["FieldValueInvalid", "metadata.ownerReferences.name"],
      ["FieldValueInvalid", "metadata.ownerReferences.uid"],
      ["FieldValueInvalid", "metadata.ownerReferences"],
    ],
  );
  assert.equal(errors[0]?.message, `Invalid value: "apps/": version must not be empty`);
  assert.equal(errors[1]?.message, `Invalid value: "": kind must not be empty`);
  assert.match(
    errors[4]?.message ?? "",
    /: Only one reference can have Controller set to true\. Found "true" in references for \/a and ConfigMap\/$/,
  );
});

test("ValidateObjectMeta itself forbids a namespace on cluster-scoped kinds", () => {
  assert.deepEqual(validateObjectMeta({ name: "c", namespace: "default" }, { nameRule: "subdomain", namespaced: false }), [
    { reason: "FieldValueForbidden", field: "metadata.namespace", message: "Forbidden: not allowed on this type" },
  ]);
});

test("a name is required unless generateName is given; namespace can be required for stored objects", () => {
  const options = { nameRule: "subdomain" as const, namespaced: true, requireNamespace: true };
  assert.deepEqual(validateObjectMeta({}, options), [
    { reason: "FieldValueRequired", field: "metadata.name", message: "Required value: name or generateName is required" },
    { reason: "FieldValueRequired", field: "metadata.namespace", message: "Required value" },
  ]);
  assert.deepEqual(validateObjectMeta({ generateName: "w-", namespace: "ns" }, options), []);
});

test("namespaces' names are DNS-1123 labels; path-segment names refuse '/', '%', '.' and '..'", () => {
  const label = validateObjectMeta({ name: "a.b" }, { nameRule: "label", namespaced: false });
  assert.deepEqual(
    label.map((e) => e.message),
    [`Invalid value: "a.b": ${LABEL_RULE}`],
  );
  const segment = validateObjectMeta({ name: "a/b%c" }, { nameRule: "path-segment", namespaced: false });
  assert.deepEqual(
    segment.map((e) => e.message),
    [`Invalid value: "a/b%c": may not contain '/'`, `Invalid value: "a/b%c": may not contain '%'`],
  );
  assert.deepEqual(
    validateObjectMeta({ name: ".." }, { nameRule: "path-segment", namespaced: false }).map((e) => e.message),
    [`Invalid value: "..": may not be '..'`],
  );
});

test("built-in kinds: core's rule that an unqualified finalizer must be standard, per index", () => {
  const meta = { name: "cm", finalizers: ["kubernetes", "cleanup"] };
  assert.deepEqual(validateObjectMeta(meta, { nameRule: "subdomain", namespaced: true }), []);
  assert.deepEqual(validateObjectMeta(meta, { nameRule: "subdomain", namespaced: true, builtinFinalizerRule: true }), [
    {
      reason: "FieldValueInvalid",
      field: "metadata.finalizers[1]",
      message: `Invalid value: "cleanup": name is neither a standard finalizer name nor is it fully qualified`,
    },
  ]);
  // The test server applies it to built-in kinds only, as 1.24 does.
  assert.equal(testServerObjectMeta(meta, "subdomain", true, true).length, 1);
  assert.equal(testServerObjectMeta(meta, "subdomain", true, false).length, 0);
});

test("update: no new finalizers once deletion has started, listed sorted and distinct", () => {
  const old = { finalizers: ["a.io/x"], deletionTimestamp: "2024-01-01T00:00:00Z" };
  assert.deepEqual(validateObjectMetaUpdate({ finalizers: ["z.io/b", "a.io/x", "m.io/c", "z.io/b"] }, old), [
    {
      reason: "FieldValueForbidden",
      field: "metadata.finalizers",
      message: `Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"m.io/c", "z.io/b"}`,
    },
  ]);
  assert.deepEqual(validateObjectMetaUpdate({ finalizers: ["z.io/b"] }, { finalizers: [] }), []);
});
