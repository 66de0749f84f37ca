// `kube-codegen validate` core: CRDs from a directory, resources from multi-document YAML and JSON files,
// the report, its text rendering and the exit code.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { stringify } from "yaml";
import { formatValidationReport, validateFiles, validationExitCode } from "../../apiextensions/src/validation/index.js";
import { TRANSCRIPTS } from "../helpers/fixtures.js";
import { tempDir } from "../helpers/fs.js";

const widgetCrd = (JSON.parse(readFileSync(`${TRANSCRIPTS}/crd_lifecycle.json`, "utf8")) as { request: { body: unknown } }[])[0]?.request
  .body;

function workspace(): { dir: string; crds: string } {
  const dir = tempDir("kcg-validate-");
  const crds = join(dir, "crds");
  mkdirSync(join(crds, "nested"), { recursive: true });
  writeFileSync(join(crds, "nested", "widgets.yaml"), stringify(widgetCrd));
  writeFileSync(join(crds, "README.md"), "not a manifest");
  return { dir, crds };
}

const widget = (name: string, spec: Record<string, unknown>): Record<string, unknown> => ({
  apiVersion: "conformance.example.com/v1",
  kind: "Widget",
  metadata: { name },
  spec,
});

test("validates multi-document YAML and JSON files and reports errors, warnings and unknown kinds", async () => {
  const { dir, crds } = workspace();
  const yamlFile = join(dir, "widgets.yaml");
  writeFileSync(
    yamlFile,
    [
      stringify(widget("good", { size: "small", junk: 1 })),
      stringify(widget("bad", { size: "huge", replicas: 11 })),
      "",
      stringify({ apiVersion: "v1", kind: "ConfigMap", metadata: { name: "cm" } }),
      stringify({ apiVersion: "conformance.example.com/v2", kind: "Widget", metadata: { name: "w2" }, spec: {} }),
    ].join("---\n"),
  );
  const jsonFile = join(dir, "w.json");
  writeFileSync(jsonFile, JSON.stringify(widget("json", { size: "medium", ports: [{ name: "a" }, { name: "a" }] })));

  const report = await validateFiles({ crdsDir: crds, files: [yamlFile, jsonFile] });
  assert.deepEqual(report.problems, []);
  assert.deepEqual(
    report.results.map((r) => [r.documentIndex, r.kind, r.name, r.errors.length]),
    [
      [0, "Widget", "good", 0],
      [1, "Widget", "bad", 2],
      [3, "ConfigMap", "cm", 1],
      [4, "Widget", "w2", 1],
      [0, "Widget", "json", 1],
    ],
  );
  assert.deepEqual(report.results[0]?.warnings, [`unknown field "spec.junk"`]);
  assert.match(
    report.results[2]?.errors[0] ?? "",
    /unknown kind: no CustomResourceDefinition .* defines kind "ConfigMap" in the core group/,
  );
  assert.match(report.results[3]?.errors[0] ?? "", /does not serve version "v2" \(served: v1\)/);

  const text = formatValidationReport(report);
  assert.ok(
    text.includes(
      `${yamlFile}[1] Widget bad: spec.replicas: Invalid value: 11: spec.replicas in body should be less than or equal to 10\n`,
    ),
    text,
  );
  assert.ok(
    text.includes(`${yamlFile}[1] Widget bad: spec.size: Unsupported value: "huge": supported values: "small", "medium", "large"\n`),
    text,
  );
  assert.ok(text.includes(`${jsonFile}[0] Widget json: spec.ports[1]: Duplicate value: map[string]interface {}{"name":"a"}\n`), text);
  assert.ok(text.includes(`${yamlFile}[0] Widget good: warning: unknown field "spec.junk"\n`), text);
  assert.ok(text.endsWith("5 resources checked: 1 valid, 4 invalid\n"), text);
  assert.equal(validationExitCode(report), 1);
});

test("exit code 0 when every resource is valid; problems for unreadable input and bad YAML", async () => {
  const { dir, crds } = workspace();
  const ok = join(dir, "ok.yaml");
  writeFileSync(ok, stringify(widget("fine", { size: "large", tags: ["a", "b"] })));
  // --crds may also name one manifest file.
  const good = await validateFiles({ crdsDir: join(crds, "nested", "widgets.yaml"), files: [ok] });
  assert.deepEqual(
    good.results.map((r) => r.errors),
    [[]],
  );
  assert.equal(validationExitCode(good), 0);
  assert.equal(formatValidationReport(good), "1 resource checked: 1 valid, 0 invalid\n");

  const broken = join(dir, "broken.yaml");
  writeFileSync(broken, "a: [unclosed\n");
  const bad = await validateFiles({ crdsDir: join(dir, "missing"), files: [broken, join(dir, "nope.yaml")] });
  assert.equal(bad.problems.length, 3, bad.problems.join("\n"));
  assert.match(bad.problems[0] ?? "", /cannot read CRD directory/);
  assert.match(bad.problems[1] ?? "", /broken\.yaml\[0\]: invalid YAML: Flow sequence .* at line 2, column 1:?$/);
  assert.match(bad.problems[2] ?? "", /cannot read .*nope\.yaml/);
  assert.equal(validationExitCode(bad), 1);
});

test("a resource without a name or kind is reported, and List documents are expanded", async () => {
  const { dir, crds } = workspace();
  const f = join(dir, "list.yaml");
  writeFileSync(
    f,
    stringify({
      apiVersion: "v1",
      kind: "List",
      items: [
        { apiVersion: "conformance.example.com/v1", kind: "Widget", spec: { size: "small" } },
        { metadata: { name: "x" } },
        widget("Bad_Name", { size: "small" }),
      ],
    }),
  );
  const report = await validateFiles({ crdsDir: crds, files: [f] });
  // The name message is the one crud.json's "create with invalid name" got from the server.
  const serverNameCause = (
    JSON.parse(readFileSync(`${TRANSCRIPTS}/crud.json`, "utf8")) as {
      step: string;
      response: { body: { details?: { causes?: { field: string; message: string }[] } } };
    }[]
  ).find((e) => e.step === "create with invalid name")?.response.body.details?.causes?.[0];
  assert.deepEqual(
    report.results.map((r) => r.errors),
    [
      ["metadata.name: Required value: name or generateName is required"],
      ["apiVersion: Required value: must be set", "kind: Required value: must be set"],
      [`${serverNameCause?.field}: ${serverNameCause?.message}`],
    ],
  );
});

test("manifests: JSON, YAML flow mappings, empty documents and parse errors", async () => {
  const { parseManifests } = await import("../../apiextensions/src/validation/index.js");
  assert.deepEqual(
    parseManifests("a.json", '{"kind": "A"}').documents.map((d) => d.value),
    [{ kind: "A" }],
  );
  assert.deepEqual(
    parseManifests("a.yaml", "{kind: A}").documents.map((d) => d.value),
    [{ kind: "A" }],
  );
  assert.deepEqual(
    parseManifests("a.yaml", "---\n---\nkind: B\n").documents.map((d) => [d.documentIndex, d.value]),
    [[1, { kind: "B" }]],
  );
  assert.match(parseManifests("a.json", '{"kind": ').problems[0] ?? "", /^a\.json\[0\]: invalid YAML/);
  // YAML 1.1 like kubectl: yes/off are booleans, 0777 octal; timestamps stay strings.
  assert.deepEqual(parseManifests("a.yaml", "a: yes\nb: off\nc: 0777\nd: 2024-01-01T00:00:00Z\n").documents[0]?.value, {
    a: true,
    b: false,
    c: 511,
    d: "2024-01-01T00:00:00Z",
  });
});

test("status is dropped on create when the CRD has the status subresource, as the server does, and a version without served: true is not served", async () => {
  const dir = tempDir("kcg-validate-");
  const version = (name: string, extra: Record<string, unknown>) => ({
    name,
    storage: name === "v1",
    schema: { openAPIV3Schema: { type: "object", properties: { status: { type: "object", properties: { ready: { type: "boolean" } } } } } },
    ...extra,
  });
  const crd = {
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    metadata: { name: "gadgets.example.com" },
    spec: {
      group: "example.com",
      names: { kind: "Gadget", listKind: "GadgetList", plural: "gadgets", singular: "gadget" },
      scope: "Namespaced",
      versions: [version("v1", { served: true, subresources: { status: {} } }), version("v2", { served: true }), version("v3", {})],
    },
  };
  writeFileSync(join(dir, "crd.yaml"), stringify(crd));
  const file = join(dir, "gadgets.yaml");
  const gadget = (v: string) =>
    stringify({ apiVersion: `example.com/${v}`, kind: "Gadget", metadata: { name: "g" }, status: { ready: "later" } });
  writeFileSync(file, [gadget("v1"), gadget("v2"), gadget("v3")].join("---\n"));
  const report = await validateFiles({ crdsDir: join(dir, "crd.yaml"), files: [file] });
  const [withStatus, without, unserved] = report.results;
  assert.deepEqual(withStatus?.errors, []);
  assert.match(withStatus?.warnings.join("\n") ?? "", /status is dropped on create/);
  assert.deepEqual(
    without?.errors,
    ['status.ready: Invalid value: "string": status.ready in body must be of type boolean: "string"'],
    "no subresource: status is validated",
  );
  assert.match(unserved?.errors[0] ?? "", /does not serve version "v3" \(served: v1, v2\)/);
});
