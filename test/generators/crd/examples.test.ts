// The CRDs of the bundled examples: TraefikService must be kubebuilder's output field for field
// (the seed document's YAML, minus controller-gen's version annotation), Foo must carry the
// seed's replicas bounds, and every committed CRD passes the API server's checks. That the
// committed CRDs are what the generator writes now is the golden test's (test/golden/examples.test.ts).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { checkCrd, parseServerVersions } from "../../../apiextensions/src/crd-checks/index.js";
import { DEFAULT_SERVER_VERSIONS } from "../../../apiextensions/src/crd-checks/server-versions.js";
import { kubernetesMarkerDefinitions, type KubeMarkerDefinition } from "../../../src/vocab/index.js";
import { exampleProject, exampleProjects } from "../../helpers/examples.js";
import { copyExamples, documentOf, generateCrds, repo } from "./helpers.js";

const fixtures = join(import.meta.dirname, "fixtures");

test("TraefikService's CRD is kubebuilder's (controller-gen v0.13), byte for byte from the --- line, with crdCompat v0.13", async () => {
  const r = await generateCrds(copyExamples("traefik"), { crdCompat: "v0.13" });
  assert.deepEqual(r.diagnostics, []);
  assert.equal(r.files.length, 1);
  assert.equal(r.files[0]!.path, "out/crds/traefik.magedu.com_traefikservices.yaml");
  assert.equal(documentOf(r.files[0]!.content), readFileSync(join(fixtures, "traefik.magedu.com_traefikservices.yaml"), "utf8"));
  // By default the same types come out in today's layout, which the seed's v0.13 golden is not.
  const today = await generateCrds(copyExamples("traefik"));
  assert.notEqual(documentOf(today.files[0]!.content), readFileSync(join(fixtures, "traefik.magedu.com_traefikservices.yaml"), "utf8"));
  assert.match(documentOf(today.files[0]!.content), /description: \|-\n/);
});

test("Foo's CRD bounds replicas to 1..10 and requires the seed's fields", async () => {
  const r = await generateCrds(copyExamples("samplecontroller"));
  assert.deepEqual(
    r.diagnostics.filter((d) => d.severity === "error"),
    [],
  );
  const crd = parse(documentOf(r.files[0]!.content));
  assert.equal(crd.metadata.name, "foos.samplecontroller.k8s.io");
  assert.equal(crd.spec.names.plural, "foos");
  const spec = crd.spec.versions[0].schema.openAPIV3Schema.properties.spec;
  assert.deepEqual(spec.properties.replicas, { format: "int32", maximum: 10, minimum: 1, nullable: true, type: "integer" });
  assert.deepEqual(spec.properties.deploymentName, { type: "string" });
  assert.deepEqual(spec.required, ["deploymentName", "replicas"]);
  assert.deepEqual(crd.spec.versions[0].schema.openAPIV3Schema.properties.metadata, { type: "object" });
});

test("the kitchen sink's versions: sorted by name as controller-gen does, v1 stored, v1beta1 deprecated, v1alpha1 unserved, v1alpha2 skipped", () => {
  const crd = parse(
    documentOf(readFileSync(join(repo, "generated-examples/config/crd/bases/kitchensink.example.com_widgets.yaml"), "utf8")),
  );
  const summary = crd.spec.versions.map((v: Record<string, unknown>) => [v["name"], v["served"], v["storage"], v["deprecated"] ?? false]);
  assert.deepEqual(summary, [
    ["v1", true, true, false],
    ["v1alpha1", false, false, true],
    ["v1beta1", true, false, true],
  ]);
  assert.equal(crd.spec.versions[2].deprecationWarning, "kitchensink.example.com/v1beta1 Widget is deprecated; use v1");
});

test("the kitchen sink uses every CRD marker", () => {
  const families = new Set([
    "Validation",
    "Validation of array items",
    "Lists, maps and structs (server-side apply topology)",
    "Defaults, examples and documentation",
    "CRD versions",
    "kubectl columns and field selectors",
    "CRD metadata",
    "Kinds and resources",
    "Required and optional fields",
  ]);
  const text = listTs(join(repo, "examples/apis/kitchensink"))
    .map((f) => readFileSync(f, "utf8"))
    .join("\n");
  // kubebuilder:object:generate is deepcopy's switch, not a CRD marker.
  const missing = kubernetesMarkerDefinitions
    .filter((d) => families.has(d.family) && d.name !== "kubebuilder:object:generate" && !hasMarker(text, d))
    .map((d) => d.name);
  assert.deepEqual(missing, []);
});

test("every committed example CRD parses and passes the API server's checks on each default target version", () => {
  const files = exampleProjects().flatMap((p) =>
    readdirSync(p.crds)
      .filter((n) => n.endsWith(".yaml"))
      .map((n) => join(p.crds, n)),
  );
  for (const n of [
    "kitchensink.example.com_widgets.yaml",
    "traefik.magedu.com_traefikservices.yaml",
    "samplecontroller.k8s.io_foos.yaml",
    "helm.example.com_helmreleases.yaml",
  ])
    assert.ok(
      files.some((f) => f.endsWith(`/${n}`)),
      `${n} missing`,
    );
  const parsed = parseServerVersions(DEFAULT_SERVER_VERSIONS);
  const minors = "minors" in parsed ? parsed.minors : [];
  assert.deepEqual(minors, [35, 36, 37]);
  for (const f of files)
    for (const serverVersion of minors)
      assert.deepEqual(checkCrd(parse(documentOf(readFileSync(f, "utf8"))), { serverVersion }), [], `${f} at 1.${serverVersion}`);
});

test("the traefik-service project's committed CRD is the seed's document", () => {
  const committed = readFileSync(join(exampleProject("traefik-service").crds, "traefik.magedu.com_traefikservices.yaml"), "utf8");
  assert.equal(documentOf(committed), readFileSync(join(fixtures, "traefik.magedu.com_traefikservices.yaml"), "utf8"));
});

/** True when a comment line uses the marker: its name followed by `=`, the end, or `:` and one of its arguments. */
function hasMarker(text: string, def: KubeMarkerDefinition): boolean {
  const args = def.payload.kind === "args" ? def.payload.args.map((a) => a.name) : [];
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const after = ["=", "\\s", "$", ...args.map((a) => `:${escape(a)}=`)].join("|");
  return new RegExp(`\\+${escape(def.name)}(?:${after})`, "m").test(text);
}

function listTs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listTs(join(dir, e.name)) : e.name.endsWith(".ts") && !e.name.startsWith("zz_") ? [join(dir, e.name)] : [],
  );
}
