// Deep copies across packages and through the corners of the dialect: embedded apimachinery types,
// embeds through aliases, names that clash between packages, scalar aliases of unselected
// packages, +nullable fields, fields named like Object.prototype members, package-level
// +k8s:deepcopy-gen:unknown=json on inlined types, and outputs that must not depend on which
// generators run. Each case generates real files, type-checks them strictly and runs them.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { strictTypeCheck } from "../../helpers/type-check.js";
import { main } from "../../../src/cli/main.js";
import { Console } from "../../../src/cli/console.js";
import { tempDir } from "../../helpers/fs.js";

const input: Record<string, string> = {
  "common/v1/doc.ts": "// +k8s:deepcopy-gen=package\n// +groupName=common.example.com\nexport {};\n",
  "common/v1/types.ts": "// Spec has the same name as a/v1's Spec.\nexport interface Spec {\n  tags?: string[];\n}\n",
  "unk/v1/doc.ts": "// +k8s:deepcopy-gen=package\n// +k8s:deepcopy-gen:unknown=json\n// +groupName=unk.example.com\nexport {};\n",
  "unk/v1/types.ts":
    "// Blob holds opaque data, copied as JSON by its package's setting.\nexport interface Blob {\n  data?: Record<string, unknown>;\n}\n",
  "nopkg/v1/doc.ts": "// +groupName=nopkg.example.com\nexport {};\n",
  "nopkg/v1/types.ts": `// Phase is a string-literal alias in a package that generates no copies.
export type Phase = "Pending" | "Done";
// Level aliases a scalar alias.
export type Level = Phase;
`,
  "hand/v1/doc.ts": "// +k8s:deepcopy-gen=package\n// +groupName=hand.example.com\nexport {};\n",
  "hand/v1/types.ts": `// +k8s:deepcopy-gen=false

// Values is copied by hand.
export interface Values {
  values?: Record<string, string[]>;
}

// Other is generated in the same package.
export interface Other {
  list?: string[];
}
`,
  "hand/v1/values_deepcopy.ts": `import type { Values } from "./types.js";

export function deepCopyValues(src: Values): Values {
  const out: Values = { ...src };
  if (src.values !== undefined) out.values = Object.fromEntries(Object.entries(src.values).map(([k, v]) => [k, [...v, "by-hand"]]));
  return out;
}
`,
  "a/v1/doc.ts": "// +k8s:deepcopy-gen=package\n// +groupName=a.example.com\nexport {};\n",
  "a/v1/types.ts": `import type { Condition, LabelSelector, ObjectMeta, TypeMeta } from "@kube-codegen/runtime";
import type { Spec as CommonSpec } from "../../common/v1/types.js";
import type { Level, Phase } from "../../nopkg/v1/types.js";
import type { Blob } from "../../unk/v1/types.js";
import type { Other, Values } from "../../hand/v1/types.js";

// WithValues embeds another package's hand-copied type.
export interface WithValues extends Values {
  other?: Other;
  more?: Values[];
}

// Sel extends an apimachinery type.
export interface Sel extends LabelSelector {
  extra?: string[];
}

// Cond extends Condition.
export interface Cond extends Condition {
  hints?: string[];
}

// Z is a struct.
export interface Z {
  list?: string[];
}

// Y aliases Z.
export type Y = Z;

// X extends an alias of a struct.
export interface X extends Y {
  name?: string;
}

// Inl inlines a type of a package that copies unknown data as JSON.
export interface Inl extends Blob {
  n?: string;
}

// Spec clashes by name with common/v1's Spec.
export interface Spec {
  common?: CommonSpec;
  phase?: Phase;
  phases?: Phase[];
  levels?: Record<string, Level>;
  // +nullable
  sel?: Sel;
  // +kubebuilder:validation:Nullable
  tags?: string[];
  conds?: Condition[];
  mine?: Condition2[];
  "constructor"?: string[];
  "toString"?: X;
  x?: X;
  inl?: Inl;
  cond?: Cond;
}

// Condition2 is this package's own condition type.
export interface Condition2 {
  reason?: string;
}

// +kubebuilder:object:root=true

// Widget is a kind whose list the input does not declare.
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: Spec;
}
`,
  // b/v1 declares its own Condition and also uses the runtime's, and a kind named Scheme.
  "b/v1/doc.ts": "// +k8s:deepcopy-gen=package\n// +groupName=b.example.com\nexport {};\n",
  "b/v1/types.ts": `import type { Condition as MetaCondition, ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// +kubebuilder:object:root=true

// Scheme is a kind named like the runtime's Scheme, which the register file also uses.
export interface Scheme extends TypeMeta {
  metadata?: ObjectMeta;
  status?: Status;
}

// Condition is a local type named like the runtime's.
export interface Condition {
  notes?: string[];
}

// Status uses both.
export interface Status {
  local?: Condition[];
  meta?: MetaCondition[];
}
`,
};

function writeInput(dir: string): void {
  for (const [path, text] of Object.entries(input)) {
    mkdirSync(dirname(join(dir, "input", path)), { recursive: true });
    writeFileSync(join(dir, "input", path), text);
  }
}

async function generate(dir: string, ...extra: string[]): Promise<void> {
  const out = Console.memory();
  const code = await main(["generate", "--input", "input", "--output", "out", "--crd-output", "out/crds", ...extra], out, dir);
  assert.equal(code, 0, out.stderr.join("\n"));
}

/** Type-checks the input and generated files the way users compile them (strict, exact optional properties). */
function typeCheck(dir: string, files: string[]): string[] {
  return strictTypeCheck(files.map((f) => join(dir, "input", f)));
}

type Copy = (x: unknown) => any;
const load = async (dir: string, pkg: string, file = "zz_generated.deepcopy.ts") =>
  (await import(pathToFileURL(join(dir, "input", pkg, file)).href)) as Record<string, Copy>;

const dir = tempDir("kcg-deepcopy-edge-");
writeInput(dir);
await generate(dir);
after(() => rmSync(dir, { recursive: true, force: true }));

test("the generated files compile strictly despite same-named types and copies across packages", async () => {
  const files = ["a/v1", "b/v1", "hand/v1", "common/v1", "unk/v1"].flatMap((p) => [
    `${p}/zz_generated.deepcopy.ts`,
    `${p}/zz_generated.register.ts`,
  ]);
  assert.deepEqual(typeCheck(dir, files), []);
  const a = readFileSync(join(dir, "input/a/v1/zz_generated.deepcopy.ts"), "utf8");
  assert.match(a, /import \* as commonV1 from "\.\.\/\.\.\/common\/v1\/zz_generated\.deepcopy\.js";/);
  assert.match(a, /import \* as runtime from "@kube-codegen\/runtime";/);
  assert.doesNotMatch(a, /nopkg/, "scalar aliases of another package need no copy function");
  const b = (await import(pathToFileURL(join(dir, "input/b/v1/zz_generated.register.ts")).href)) as {
    kinds: { kind: string; deepCopy?: unknown }[];
  };
  assert.deepEqual(
    b.kinds.map((k) => [k.kind, typeof k.deepCopy]),
    [["Scheme", "function"]],
  );
});

test("copies through embedded apimachinery types and aliased embeds share nothing with the input", async () => {
  const a = await load(dir, "a/v1");
  const sel = { matchLabels: { app: "x" }, matchExpressions: [{ key: "k", operator: "In", values: ["v"] }], extra: ["e"] };
  const selCopy = a["deepCopySel"]!(sel);
  assert.deepStrictEqual(selCopy, sel);
  selCopy.matchLabels.app = "changed";
  selCopy.matchExpressions[0]!.values.push("w");
  selCopy.extra.push("f");
  assert.deepStrictEqual(sel, { matchLabels: { app: "x" }, matchExpressions: [{ key: "k", operator: "In", values: ["v"] }], extra: ["e"] });

  const x = { list: ["a"], name: "n" };
  const xCopy = a["deepCopyX"]!(x);
  assert.deepStrictEqual(xCopy, x);
  assert.notEqual(xCopy.list, x.list);

  const cond = { type: "Ready", status: "True", hints: ["h"] };
  const condCopy = a["deepCopyCond"]!(cond);
  assert.deepStrictEqual(condCopy, cond);
  assert.notEqual(condCopy.hints, cond.hints);
});

test("clashing names call the right package's copy", async () => {
  const a = await load(dir, "a/v1");
  const b = await load(dir, "b/v1");
  const spec = { common: { tags: ["t"] }, mine: [{ reason: "r" }], conds: [{ type: "A", status: "True" }] };
  const copy = a["deepCopySpec"]!(spec);
  assert.deepStrictEqual(copy, spec);
  assert.notEqual(copy.common.tags, spec.common.tags);
  const status = { local: [{ notes: ["n"] }], meta: [{ type: "Ready", status: "False" }] };
  const statusCopy = b["deepCopyStatus"]!(status);
  assert.deepStrictEqual(statusCopy, status);
  assert.notEqual(statusCopy.local[0]!.notes, status.local[0]!.notes);
  assert.notEqual(statusCopy.meta[0], status.meta[0]);
});

test("+nullable fields may be null, scalar aliases are values, and prototype-named fields are own properties", async () => {
  const a = await load(dir, "a/v1");
  assert.deepStrictEqual(a["deepCopySpec"]!({ sel: null, tags: null }), { sel: null, tags: null });
  assert.deepStrictEqual(a["deepCopySpec"]!({}), {});
  const withProto = { constructor: ["c"], toString: { list: ["l"] }, phase: "Done", phases: ["Pending"], levels: { a: "Done" } };
  const copy = a["deepCopySpec"]!(withProto);
  assert.deepStrictEqual(copy, withProto);
  assert.notEqual(copy.constructor, withProto.constructor);
  assert.notEqual(copy.toString.list, withProto.toString.list);
  assert.notEqual(copy.phases, withProto.phases);
  assert.notEqual(copy.levels, withProto.levels);
});

test("another package's hand-written copy is called for embeds and fields, next to its generated copies", async () => {
  const a = await load(dir, "a/v1");
  const copy = a["deepCopyWithValues"]!({ values: { k: ["v"] }, other: { list: ["o"] }, more: [{ values: { m: [] } }] });
  assert.deepStrictEqual(copy, { values: { k: ["v", "by-hand"] }, other: { list: ["o"] }, more: [{ values: { m: ["by-hand"] } }] });
});

test("a package's +k8s:deepcopy-gen:unknown=json applies to its fields inlined into another package's type", async () => {
  const a = await load(dir, "a/v1");
  const inl = { n: "x", data: { deep: { list: [1, { y: true }] } } };
  const copy = a["deepCopyInl"]!(inl);
  assert.deepStrictEqual(copy, inl);
  assert.notEqual(copy.data.deep.list[1], inl.data.deep.list[1]);
});

test("deepcopy and register give the same files whichever generators run", async () => {
  const deepcopyFile = join(dir, "input/a/v1/zz_generated.deepcopy.ts");
  const registerFile = join(dir, "input/a/v1/zz_generated.register.ts");
  const full = { deepcopy: readFileSync(deepcopyFile, "utf8"), register: readFileSync(registerFile, "utf8") };
  assert.match(full.deepcopy, /export function deepCopyWidgetList\(/);
  assert.match(full.register, /deepCopyList: deepCopyWidgetList/);

  const only = tempDir("kcg-deepcopy-only-");
  writeInput(only);
  await generate(only, "--generators", "deepcopy");
  assert.equal(existsSync(join(only, "input/a/v1/zz_generated.register.ts")), false);
  assert.equal(readFileSync(join(only, "input/a/v1/zz_generated.deepcopy.ts"), "utf8"), full.deepcopy);
  assert.deepEqual(typeCheck(only, ["a/v1/zz_generated.deepcopy.ts"]), [], "the undeclared list's copy compiles without the register file");
  const widgets = {
    apiVersion: "a.example.com/v1",
    kind: "WidgetList",
    metadata: { resourceVersion: "1" },
    items: [{ spec: { x: { list: ["a"] } } }],
  };
  const listCopy = (await load(only, "a/v1"))["deepCopyWidgetList"]!(widgets);
  assert.deepStrictEqual(listCopy, widgets);
  assert.notEqual(listCopy.items[0]!.spec.x.list, widgets.items[0]!.spec.x.list);

  await generate(only, "--generators", "register");
  assert.equal(readFileSync(join(only, "input/a/v1/zz_generated.register.ts"), "utf8"), full.register);
  rmSync(only, { recursive: true, force: true });
});
