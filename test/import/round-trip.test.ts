// kube-codegen import round trip: every CRD in the repository that our generator or controller-gen
// wrote is imported, the package is generated again by our own crd generator, and the CRD YAML
// must come back byte for byte (the header comment and controller-gen's version annotation aside,
// which the importer drops on purpose). CRDs written by older controller-gen (the recorded Traefik
// and server copies) come back equal as data except where the importer says it differs: the
// apiVersion and kind descriptions, which it writes as TypeMeta's (KCG1603).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { parseAllDocuments } from "yaml";
import { importCrds } from "../../src/import/index.js";
import { generateCrds } from "../generators/crd/helpers.js";
import { importRepoFiles, regenerate, repo, writeImported } from "./helpers.js";

/** Every YAML file under the repository directory `dir` holding a CustomResourceDefinition. */
function crdFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (name === "node_modules") continue;
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.ya?ml$/.test(name) && /^kind: CustomResourceDefinition$/m.test(readFileSync(p, "utf8"))) out.push(relative(repo, p));
    }
  };
  walk(join(repo, dir));
  return out;
}

/** The CRD documents of a file as the generator would write them: no leading comments, no controller-gen stamp. */
function expectedDocuments(text: string): string[] {
  const body = text.replace(/^(#.*\n|\s*\n)*/, "").replace(/^---\n/, "");
  return body.split(/^---\n/m).map((doc) => {
    let d = doc.replace(/^ {4}controller-gen\.kubebuilder\.io\/version: .*\n/m, "");
    d = d.replace(/^ {2}annotations:\n(?! {4})/m, "");
    return `---\n${d}`;
  });
}

const nameOf = (doc: string) => /^ {2}name: (.*)$/m.exec(doc)?.[1] ?? "";

const exact = [
  ...crdFiles("examples"),
  ...crdFiles("generated-examples"),
  ...crdFiles("test/golden/import"),
  ...crdFiles("test/fixtures/controller-gen"),
]
  // The Traefik project's CRD keeps upstream's TypeMeta descriptions: compared as data below.
  // controller-gen's +k8s:required output puts minProperties on strings of other packages' types
  // (metav1.Time), which no marker states: those CRDs are compared as data below.
  .filter((f) => !f.includes("traefik") && !f.includes("requiredness"));

test("the round trip covers the example, controller-gen and import-golden CRDs", () => {
  for (const must of [
    "gadgets.example.com_gadgets",
    "kitchensink.example.com_widgets",
    "helm.example.com_helmreleases",
    "samplecontroller.k8s.io_foos",
    "cronjobs",
    "httproutes",
    "probes",
    "shop.yaml",
  ])
    assert.ok(
      exact.some((f) => f.includes(must)),
      `${must} in ${exact.join(", ")}`,
    );
});

for (const file of exact) {
  test(`import round trip, byte for byte: ${file}`, async () => {
    const r = await importRepoFiles(file);
    assert.deepEqual(r.diagnostics, [], "no diagnostic on a CRD our tools wrote");
    const g = await regenerate(r);
    assert.deepEqual(g.errors, []);
    assert.deepEqual(g.warnings, []);
    const docs = expectedDocuments(readFileSync(join(repo, file), "utf8"));
    assert.equal(g.crds.size, docs.length, "one CRD back for each CRD in");
    for (const doc of docs) {
      const back = g.crds.get(nameOf(doc));
      assert.ok(back, `${nameOf(doc)} regenerated`);
      assert.equal(back.text, doc);
    }
  });
}

const TYPE_META_DESCRIPTIONS = ["apiVersion", "kind"];

/** A CRD without the descriptions of apiVersion and kind in each version's schema, and without the controller-gen stamp. */
function withoutTypeMetaDescriptions(crd: unknown): unknown {
  const c = structuredClone(crd) as {
    metadata: { annotations?: Record<string, string> };
    spec: { versions: { schema: { openAPIV3Schema: { properties: Record<string, { description?: string }> } } }[] };
  };
  if (c.metadata.annotations) {
    delete c.metadata.annotations["controller-gen.kubebuilder.io/version"];
    if (Object.keys(c.metadata.annotations).length === 0) delete c.metadata.annotations;
  }
  for (const v of c.spec.versions) for (const p of TYPE_META_DESCRIPTIONS) delete v.schema.openAPIV3Schema.properties[p]?.description;
  return c;
}

const asData = [
  ...crdFiles("generated-examples").filter((f) => f.includes("traefik")),
  "test/fixtures/openapi/foos-crd-as-recorded.yaml",
  "test/fixtures/openapi/gadgets-crd-as-recorded.yaml",
  "test/crd-checks/fixtures/traefikservices.yaml",
  "test/generators/crd/fixtures/traefik.magedu.com_traefikservices.yaml",
];

for (const file of asData) {
  test(`import round trip, as data but for the TypeMeta descriptions it warns of: ${file}`, async () => {
    const r = await importRepoFiles(file);
    const codes = r.diagnostics.map((d) => `${d.severity} ${d.code} ${d.message.split(" ")[0]!}`);
    assert.deepEqual(codes, ["warning KCG1603 apiVersion", "warning KCG1603 kind"]);
    for (const d of r.diagnostics) assert.ok(d.file === file && (d.line ?? 0) > 1, "the warning points into the file");
    const g = await regenerate(r);
    assert.deepEqual(g.errors, []);
    const input = parseAllDocuments(readFileSync(join(repo, file), "utf8"))[0]!.toJS() as { metadata: { name: string } };
    const back = g.crds.get(input.metadata.name);
    assert.ok(back);
    assert.deepEqual(withoutTypeMetaDescriptions(back.value), withoutTypeMetaDescriptions(input));
  });
}

/** `crd` without min/maxProperties on nodes that are not objects (what the importer warns of and leaves out). */
function withoutPropertyCountsOnNonObjects(crd: unknown): { value: unknown; dropped: number } {
  let dropped = 0;
  const walk = (n: unknown): void => {
    if (Array.isArray(n)) return n.forEach(walk);
    if (typeof n !== "object" || n === null) return;
    const o = n as Record<string, unknown>;
    if (typeof o["type"] === "string" && o["type"] !== "object")
      for (const k of ["minProperties", "maxProperties"])
        if (k in o) {
          delete o[k];
          dropped++;
        }
    Object.values(o).forEach(walk);
  };
  const value = structuredClone(crd);
  walk(value);
  return { value, dropped };
}

for (const file of crdFiles("test/fixtures/controller-gen/requiredness")) {
  test(`import round trip, as data but for minProperties on strings, each warned of: ${file}`, async () => {
    const r = await importRepoFiles(file);
    const input = parseAllDocuments(readFileSync(join(repo, file), "utf8"))[0]!.toJS() as { metadata: { name: string } };
    const expected = withoutPropertyCountsOnNonObjects(input);
    assert.deepEqual(
      r.diagnostics.map((d) => `${d.severity} ${d.code}`),
      Array.from({ length: expected.dropped }, () => "warning KCG1603"),
    );
    for (const d of r.diagnostics)
      assert.ok(d.file === file && (d.line ?? 0) > 1 && /minProperties on a string/.test(d.message), d.message);
    const g = await regenerate(r);
    assert.deepEqual(g.errors, []);
    const back = g.crds.get(input.metadata.name);
    assert.ok(back);
    assert.deepEqual(withoutTypeMetaDescriptions(back.value), withoutTypeMetaDescriptions(expected.value));
  });
}

test("the round trip catches a marker the importer would drop", async () => {
  const file = "test/fixtures/controller-gen/cronjob/testdata.kubebuilder.io_cronjobs.yaml";
  const r = await importRepoFiles(file);
  const [doc] = expectedDocuments(readFileSync(join(repo, file), "utf8"));
  const types = r.files.find((f) => f.path.endsWith("types.ts"))!;
  const markers = [...new Set(types.content.split("\n").filter((l) => /^\s*\/\/ \+(kubebuilder|listType|default)/.test(l)))];
  assert.ok(markers.length >= 10, "the cronjob types carry markers");
  // Four different kinds of marker: length, pattern, list type and default.
  for (const pick of [/validation:MinLength/, /listType=map/, /\+default=/, /validation:Pattern/]) {
    const line = markers.find((m) => pick.test(m));
    assert.ok(line, String(pick));
    const dropped = { ...r, files: r.files.map((f) => (f === types ? { ...f, content: f.content.replace(`${line}\n`, "") } : f)) };
    const g = await regenerate(dropped);
    assert.notEqual([...g.crds.values()][0]?.text, doc, `dropping ${line.trim()} must change the CRD`);
  }
});

test("an imported package generates in place: imported files and generated files side by side", async () => {
  // What a user does: import into apis/, then run generate on it with every generator.
  const r = await importCrds([{ path: "shop.yaml", text: readFileSync(join(repo, "test/golden/import/small/input/shop.yaml"), "utf8") }]);
  const dir = writeImported(r);
  const g = await generateCrds(dir, { generators: ["deepcopy", "register", "crd"] });
  assert.deepEqual(
    g.diagnostics.filter((d) => d.severity === "error"),
    [],
  );
  assert.ok(g.files.some((f) => f.path.endsWith("zz_generated.deepcopy.ts")));
});
