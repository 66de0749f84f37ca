// kube-codegen import on hostile CRDs: descriptions, enum values, defaults and patterns holding
// comment and template delimiters, quotes, newlines and line separators, and property names that
// are TypeScript keywords or not identifiers at all. The written TypeScript must compile strictly
// (no string escaping into code, no comment broken open) and generate the same CRD back.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { stringify } from "yaml";
import { Code } from "../../src/diagnostics/index.js";
import { importCrds } from "../../src/import/index.js";
import { nastyStrings } from "../helpers/nasty-strings.js";
import { regenerate, typeCheck, writeImported } from "./helpers.js";

const NAMES = [
  "class",
  "function",
  "default",
  "delete",
  "new",
  "interface",
  "enum",
  "type",
  "a-b",
  "1x",
  "with space",
  "$dollar",
  "constructor",
  "toString",
  "é",
];
const PATTERNS = ["^a*/b$", "^`x`$", "^\\$\\{x\\}$", "^\"'$", "^a\\nb$", "^[\u2028\u2029]*$", "*/".replace("*", "\\*"), "^\\\\u0041$"];

type Schema = Record<string, unknown>;

function hostileCrd(): Schema {
  const props: Record<string, Schema> = {};
  nastyStrings.forEach((s, i) => {
    props[`d${String(i)}`] = { description: s === "" ? "empty" : `x ${s} y`, type: "string", enum: [s, "plain"], default: s };
  });
  PATTERNS.forEach((p, i) => (props[`p${String(i)}`] = { type: "string", pattern: p }));
  NAMES.forEach((n) => (props[n] = { type: "object", properties: { [n]: { type: "string", description: `${n} */ \`\${n}\`` } } }));
  props["nested"] = {
    type: "array",
    items: { type: "object", properties: Object.fromEntries(NAMES.map((n) => [n, { type: "integer", format: "int32" }])) },
  };
  return {
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    metadata: { name: "hostiles.evil.example.com" },
    spec: {
      group: "evil.example.com",
      names: { kind: "Hostile", listKind: "HostileList", plural: "hostiles", singular: "hostile" },
      scope: "Namespaced",
      versions: [
        {
          name: "v1",
          schema: {
            openAPIV3Schema: {
              description: "Hostile */ is `${evil}` \"q\" 'q'\nsecond line \u2028 sep",
              properties: { spec: { description: "spec */ /* ${x}", properties: props, type: "object" } },
              type: "object",
            },
          },
          served: true,
          storage: true,
        },
      ],
    },
  };
}

test("hostile strings and names: the imported TypeScript compiles strictly and generates the same CRD", async () => {
  const input = hostileCrd();
  const r = await importCrds([{ path: "hostile.yaml", text: stringify(input) }]);
  assert.deepEqual(
    r.diagnostics.filter((d) => d.severity === "error").map((d) => `${String(d.line)} ${d.code} ${d.message}`),
    [],
  );
  // Warned of, and only these: CR and line separators in descriptions (KCG1604), and the TypeMeta
  // and ObjectMeta properties a kind always has (KCG1603).
  assert.deepEqual(
    r.diagnostics.map((d) => `${String(d.line)} ${d.code} ${d.message.replace(/:.*/, "")}`),
    [
      "17 KCG1604 the description of Hostile changes",
      "20 KCG1603 apiVersion is written as TypeMeta's",
      "20 KCG1603 kind is written as TypeMeta's",
      "20 KCG1603 metadata is written as ObjectMeta's {type",
      "73 KCG1604 the description of HostileSpec.d6 changes",
      "80 KCG1604 the description of HostileSpec.d7 changes",
    ],
  );
  assert.equal(Code.importDescriptionChanged, "KCG1604");
  assert.ok(r.diagnostics.filter((d) => d.code === Code.importDescriptionChanged).every((d) => d.severity === "warning"));
  const dir = writeImported(r);
  const files = r.files.map((f) => join(dir, "input", f.path));
  assert.deepEqual(typeCheck(files), []);
  for (const f of r.files) {
    // No raw line separator (TypeScript ends a comment line there) and no comment closer outside a `//` line.
    assert.doesNotMatch(f.content, /[\u2028\u2029\r]/, f.path);
    for (const line of f.content.split("\n")) if (line.includes("*/")) assert.match(line, /^\s*\/\//, line);
  }
  // Values reach markers escaped: the line separators of the enum are spelled out.
  const types = r.files.find((f) => f.path.endsWith("types.ts"))!.content;
  assert.ok(types.includes('// +kubebuilder:validation:Enum="\\u2028\\u2029";plain'), "enum with escaped separators");
  assert.match(types, /^ {2}"with space"\?: HostileSpecWithSpace;$/m);
  assert.match(types, /^ {2}class\?: HostileSpecClass;$/m);

  const back = await regenerate(r);
  assert.deepEqual(back.errors, []);
  const crd = back.crds.get("hostiles.evil.example.com")!.value as { spec: { versions: { schema: { openAPIV3Schema: Schema } }[] } };
  const inSchema = (input["spec"] as typeof crd.spec).versions[0]!.schema.openAPIV3Schema;
  const outSchema = crd.spec.versions[0]!.schema.openAPIV3Schema;
  const diffs: string[] = [];
  diff(inSchema, outSchema, "", diffs);
  assert.deepEqual(
    diffs.map((d) => d.slice(0, d.indexOf(":"))),
    [
      // The three warned descriptions: CR, U+2028 and U+2029 became spaces.
      ".description",
      ".properties.spec.properties.d6.description",
      ".properties.spec.properties.d7.description",
      // The importer writes the marker right ("^[\u2028\u2029]*$"); the crd generator writes the
      // YAML as go-yaml does, which takes U+2028 for a line break and indents after it.
      ".properties.spec.properties.p5.pattern",
      ".properties.apiVersion",
      ".properties.kind",
      ".properties.metadata",
    ],
  );
  assert.ok(types.includes('// +kubebuilder:validation:Pattern="^[\\u2028\\u2029]*$"'));
});

function diff(a: unknown, b: unknown, path: string, out: string[]): void {
  if (isDeepStrictEqual(a, b)) return;
  if (a && b && typeof a === "object" && typeof b === "object" && Array.isArray(a) === Array.isArray(b)) {
    const x = a as Record<string, unknown>;
    const y = b as Record<string, unknown>;
    for (const k of new Set([...Object.keys(x), ...Object.keys(y)])) diff(x[k], y[k], `${path}.${k}`, out);
  } else out.push(`${path}: ${JSON.stringify(a)} -> ${JSON.stringify(b)}`);
}
