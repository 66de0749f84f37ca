import { test } from "node:test";
import assert from "node:assert/strict";
import { findType, flattenStruct } from "../../src/model/index.js";
import { modelOf } from "../helpers/model.js";

const doc = (extra = "") => `// +groupName=example.com\n${extra}export {};\n`;
const imp = 'import type { int32, ObjectMeta, ListMeta, TypeMeta, Time } from "@kube-codegen/runtime";\n';

test("types resolve across packages, aliases, enums, nullables and embeds", () => {
  const { model, diagnostics } = modelOf({
    "a/v1/doc.ts": doc(),
    "a/v1/types.ts": `${imp}import type { Shared } from "../../b/v1/shared.js";
// Thing is a kind.
export interface Thing extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: ThingSpec;
}
export interface ThingSpec extends Shared {
  size: Size;
  level?: Level | null;
  tags: readonly string[];
  byName?: Array<Record<string, int32 | null>>;
  when?: Time;
  extra?: { [k: string]: string };
}
export type Size = "small" | "large";
export enum Level { Low = "low", High = "high" }
`,
    "b/v1/doc.ts": "// +groupName=b.example.com\nexport {};\n",
    "b/v1/shared.ts": `// Shared is embedded.\nexport interface Shared {\n  owner: string;\n}\n`,
  });
  assert.deepEqual(diagnostics, []);
  const spec = findType(model, { group: "example.com", version: "v1" }, "ThingSpec");
  assert.ok(spec && spec.shape.kind === "struct");
  assert.deepEqual(spec.shape.embeds, [{ kind: "named", name: "Shared", pkg: { group: "b.example.com", version: "v1" } }]);
  const f = Object.fromEntries(spec.shape.fields.map((x) => [x.name, x.type]));
  assert.deepEqual(f["size"], { kind: "named", name: "Size", pkg: { group: "example.com", version: "v1" } });
  assert.deepEqual(f["level"], { kind: "nullable", inner: { kind: "named", name: "Level", pkg: { group: "example.com", version: "v1" } } });
  assert.deepEqual(f["tags"], { kind: "array", elem: { kind: "primitive", name: "string" } });
  assert.deepEqual(f["byName"], {
    kind: "array",
    elem: { kind: "map", value: { kind: "nullable", inner: { kind: "primitive", name: "int32" } } },
  });
  assert.deepEqual(f["when"], { kind: "builtin", name: "Time" });
  assert.deepEqual(f["extra"], { kind: "map", value: { kind: "primitive", name: "string" } });
  const level = findType(model, { group: "example.com", version: "v1" }, "Level");
  assert.deepEqual(level?.shape, { kind: "alias", target: { kind: "literal", base: "string", values: ["low", "high"] } });
  assert.deepEqual(
    flattenStruct(model, spec).fields.map((x) => x.field.name),
    ["owner", "size", "level", "tags", "byName", "when", "extra"],
  );
});

test("requiredness: field marker, then package default, then ?", () => {
  const { model } = modelOf({
    "a/v1/doc.ts": doc("// +kubebuilder:validation:Optional\n"),
    "a/v1/types.ts": `export interface S {\n  a: string;\n  // +kubebuilder:validation:Required\n  b?: string;\n  // +optional\n  c: string;\n}\n`,
    "b/v1/doc.ts": "// +groupName=b.example.com\nexport {};\n",
    "b/v1/types.ts": `export interface S {\n  a: string;\n  b?: string;\n  // +k8s:optional\n  c: string;\n  // +required\n  d?: string;\n}\n`,
  });
  const req = (g: string) => {
    const t = findType(model, { group: g, version: "v1" }, "S");
    return t?.shape.kind === "struct" ? t.shape.fields.filter((x) => x.required).map((x) => x.name) : [];
  };
  assert.deepEqual(req("example.com"), ["b"]);
  assert.deepEqual(req("b.example.com"), ["a", "d"]);
});

test("kinds: TypeMeta + metadata, object:root, deepcopy interfaces; names and scope from markers", () => {
  const { model, diagnostics } = modelOf({
    "a/v1/doc.ts": doc(),
    "a/v1/types.ts": `${imp}
// +genclient
// +genclient:nonNamespaced
// +kubebuilder:resource:path=widgetz,singular=widgy,shortName=wz;w,categories=all
// +kubebuilder:subresource:status
// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.status.selector

// Widget is a cluster-scoped kind.
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: { [k: string]: string };
  status?: { [k: string]: string };
}

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// Gadget is registered through the code-generator marker.
export interface Gadget {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
}

// +kubebuilder:object:root=true
export interface WidgetList extends TypeMeta {
  metadata?: ListMeta;
  items: Widget[];
}
`,
  });
  assert.deepEqual(diagnostics, []);
  const pkg = model.packages[0]!;
  assert.deepEqual(
    pkg.kinds.map((k) => k.name),
    ["Gadget", "Widget"],
  );
  const w = pkg.kinds.find((k) => k.name === "Widget")!;
  assert.equal(w.plural, "widgetz");
  assert.equal(w.singular, "widgy");
  assert.deepEqual(w.shortNames, ["wz", "w"]);
  assert.deepEqual(w.categories, ["all"]);
  assert.equal(w.namespaced, false);
  assert.equal(w.statusSubresource, true);
  assert.deepEqual(w.scale, {
    specReplicasPath: ".spec.replicas",
    statusReplicasPath: ".status.replicas",
    labelSelectorPath: ".status.selector",
  });
  assert.equal(w.listDeclared, true);
  assert.deepEqual(w.client?.verbs, [
    "create",
    "update",
    "updateStatus",
    "delete",
    "deleteCollection",
    "get",
    "list",
    "watch",
    "patch",
    "apply",
    "applyStatus",
  ]);
  const g = pkg.kinds.find((k) => k.name === "Gadget")!;
  assert.equal(g.plural, "gadgets");
  assert.equal(g.listDeclared, false);
  assert.equal(g.client, undefined);
});

test("gengo's two-block rule: markers from both blocks, description from the near one", () => {
  const { model } = modelOf({
    "a/v1/doc.ts": doc(),
    "a/v1/types.ts": `${imp}
// +genclient

// Widget is near.
// More near text.
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
}

// +kubebuilder:resource:path=gadgetz


// Gadget: the marker above is two blank lines away, so it does not apply.
export interface Gadget extends TypeMeta {
  metadata?: ObjectMeta;
}
`,
  });
  const pkg = model.packages[0]!;
  const widget = pkg.types.find((t) => t.name === "Widget")!;
  assert.equal(widget.doc, "Widget is near.\\nMore near text.".replace("\\n", "\n"));
  assert.ok(widget.markers.has("genclient"));
  assert.equal(pkg.kinds.find((k) => k.name === "Gadget")!.plural, "gadgets");
});

test("client verbs follow the genclient variants", () => {
  const { model } = modelOf({
    "a/v1/doc.ts": doc(),
    "a/v1/types.ts": `${imp}
// +genclient
// +genclient:readonly
export interface A extends TypeMeta { metadata?: ObjectMeta; status?: string; }
// +genclient
// +genclient:onlyVerbs=create,get,updateStatus
// +genclient:noStatus
export interface B extends TypeMeta { metadata?: ObjectMeta; status?: string; }
// +genclient
// +genclient:skipVerbs=watch,patch
export interface C extends TypeMeta { metadata?: ObjectMeta; }
`,
  });
  const verbs = (n: string) => model.packages[0]!.kinds.find((k) => k.name === n)!.client!.verbs;
  assert.deepEqual(verbs("A"), ["get", "list", "watch"]);
  assert.deepEqual(verbs("B"), ["create", "get"]);
  assert.deepEqual(verbs("C"), ["create", "update", "delete", "deleteCollection", "get", "list", "apply"]);
});

test("two directories cannot declare the same group and version", () => {
  const { diagnostics } = modelOf({
    "a/v1/doc.ts": doc(),
    "a/v1/t.ts": "export interface X { a: string; }\n",
    "b/v1/doc.ts": doc(),
    "b/v1/t.ts": "export interface Y { a: string; }\n",
  });
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.file, d.message]),
    [["KCG1314", "input/b/v1/doc.ts", "packages a/v1 and b/v1 both declare example.com/v1"]],
  );
});

test("requiredness: kubebuilder's markers outrank the short forms, as in controller-gen", () => {
  const { model } = modelOf({
    "a/v1/doc.ts": doc(),
    "a/v1/types.ts": `export interface S {\n  // +optional\n  // +kubebuilder:validation:Required\n  a?: string;\n  // +required\n  // +kubebuilder:validation:Optional\n  b: string;\n}\n`,
  });
  const t = model.packages[0]!.types[0]!;
  assert.ok(t.shape.kind === "struct");
  assert.deepEqual(
    t.shape.fields.map((f) => [f.name, f.required]),
    [
      ["a", true],
      ["b", false],
    ],
  );
});

test("requiredness: +optional and +k8s:optional outrank +required and +k8s:required whatever the line order; a package-level Required changes nothing", () => {
  const { model } = modelOf({
    "a/v1/doc.ts": doc(),
    "a/v1/types.ts": `export interface S {\n  // +required\n  // +k8s:optional\n  a?: string;\n  // +k8s:optional\n  // +required\n  b?: string;\n  // +k8s:required\n  // +optional\n  c: string;\n  // +k8s:required\n  d?: string;\n}\n`,
    "b/v1/doc.ts": "// +groupName=b.example.com\n// +kubebuilder:validation:Required\nexport {};\n",
    "b/v1/types.ts": `export interface S {\n  a: string;\n  b?: string;\n}\n`,
    "c/v1/doc.ts": "// +groupName=c.example.com\n// +kubebuilder:validation:Required\n// +kubebuilder:validation:Optional\nexport {};\n",
    "c/v1/types.ts": `export interface S {\n  a: string;\n  // +required\n  b?: string;\n}\n`,
  });
  const req = (g: string) => {
    const t = findType(model, { group: g, version: "v1" }, "S");
    return t?.shape.kind === "struct" ? t.shape.fields.filter((x) => x.required).map((x) => x.name) : [];
  };
  assert.deepEqual(req("example.com"), ["d"]);
  assert.deepEqual(req("b.example.com"), ["a"]);
  assert.deepEqual(req("c.example.com"), ["b"]);
});

test("an explicit import wins over a package-level declaration of the same name", () => {
  const { model, diagnostics } = modelOf({
    "a/v1/doc.ts": doc(),
    "a/v1/types.ts": `export interface Condition {\n  kind: string;\n}\n`,
    "a/v1/status.ts": `import type { Condition } from "@kube-codegen/runtime";\nexport interface Status {\n  conditions?: Condition[];\n}\n`,
  });
  assert.deepEqual(diagnostics, []);
  const st = model.packages[0]!.types.find((t) => t.name === "Status")!;
  assert.ok(st.shape.kind === "struct");
  assert.deepEqual(st.shape.fields[0]!.type, { kind: "array", elem: { kind: "builtin", name: "Condition" } });
});

test("unexported types are not API types: using one is an error, declaring one is not", () => {
  const { diagnostics, model } = modelOf({
    "a/v1/doc.ts": doc(),
    "a/v1/types.ts": `interface Hidden {\n  a: string;\n}\nexport interface S {\n  h?: Hidden;\n}\ntype Json = string | number | Json[];\n`,
  });
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.message]),
    [["KCG1210", "type Hidden is not exported"]],
  );
  assert.deepEqual(
    model.packages[0]!.types.map((t) => t.name),
    ["S"],
  );
});

test("a misspelled import from an input package suggests the right name", () => {
  const { diagnostics } = modelOf({
    "a/v1/doc.ts": doc(),
    "a/v1/types.ts": `import type { Comon } from "../../b/v1/types.js";\nexport interface S {\n  c?: Comon;\n}\n`,
    "b/v1/doc.ts": "// +groupName=b.example.com\nexport {};\n",
    "b/v1/types.ts": `export interface Common {\n  a: string;\n}\n`,
  });
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.message, d.hint]),
    [["KCG1205", "type Comon is not declared in b/v1", "did you mean Common?"]],
  );
});

test("kinds get TypeMeta and metadata through base types; a base type is not a kind", () => {
  const { model, diagnostics } = modelOf({
    "a/v1/doc.ts": doc(),
    "a/v1/types.ts": `${imp}export interface Base extends TypeMeta {\n  metadata?: ObjectMeta;\n}\n// +genclient\nexport interface Gadget extends Base {\n  spec?: string;\n}\nexport interface GadgetList {\n  items: Gadget[];\n}\n`,
  });
  assert.deepEqual(
    model.packages[0]!.kinds.map((k) => k.name),
    ["Gadget"],
  );
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.message]),
    [["KCG1306", "GadgetList is named as the list of kind Gadget but is not a list type"]],
  );
});

test("types that extend themselves or alias themselves are errors, not endless loops", () => {
  const { diagnostics } = modelOf({
    "a/v1/doc.ts": doc(),
    "a/v1/types.ts": `export interface A extends B {\n  a?: string;\n}\nexport interface B extends A {\n  b?: string;\n}\nexport type X = Y;\nexport type Y = X;\nexport interface Tree {\n  children?: Tree[];\n}\n`,
  });
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.message]),
    [
      ["KCG1211", "type A extends itself: A → B → A"],
      ["KCG1211", "type X is an alias of itself: X → Y → X"],
    ],
  );
});

test("namespace imports: `ns.Name` resolves like a named import, from another version and from the runtime", () => {
  const { model, diagnostics } = modelOf({
    "a/v1/doc.ts": doc(),
    "a/v1/types.ts": `export interface Template {\n  image: string;\n}\n`,
    "a/v1beta1/doc.ts": doc(),
    "a/v1beta1/types.ts": `import type * as metav1 from "@kube-codegen/runtime";\nimport * as v1 from "../v1/types.js";\n// +genclient\nexport interface Thing extends metav1.TypeMeta {\n  metadata?: metav1.ObjectMeta;\n  template?: v1.Template;\n  size?: metav1.int64;\n}\n`,
  });
  assert.deepEqual(diagnostics, []);
  const beta = model.packages.find((p) => p.id.version === "v1beta1")!;
  assert.deepEqual(
    beta.kinds.map((k) => k.name),
    ["Thing"],
  );
  const thing = beta.types.find((t) => t.name === "Thing")!;
  assert.ok(thing.shape.kind === "struct");
  assert.deepEqual(
    thing.shape.fields.map((f) => f.type),
    [
      { kind: "builtin", name: "ObjectMeta" },
      { kind: "named", name: "Template", pkg: { group: "example.com", version: "v1" } },
      { kind: "primitive", name: "int64" },
    ],
  );
});

test("the apimachinery types also come from the runtime's core entry point, and from no other subpath", () => {
  const { model, diagnostics } = modelOf({
    "a/v1/doc.ts": doc(),
    "a/v1/types.ts": `import type { ObjectMeta, TypeMeta, int32 } from "@kube-codegen/runtime/core";\n// +genclient\nexport interface Thing extends TypeMeta {\n  metadata?: ObjectMeta;\n  size?: int32;\n}\n`,
    "a/v2/doc.ts": doc(),
    "a/v2/types.ts": `import type { Time } from "@kube-codegen/runtime/client";\nexport interface S {\n  when?: Time;\n}\n`,
  });
  const v1 = model.packages.find((p) => p.id.version === "v1")!;
  assert.deepEqual(
    v1.kinds.map((k) => k.name),
    ["Thing"],
  );
  const thing = v1.types.find((t) => t.name === "Thing")!;
  assert.ok(thing.shape.kind === "struct");
  assert.deepEqual(
    thing.shape.fields.map((f) => f.type),
    [
      { kind: "builtin", name: "ObjectMeta" },
      { kind: "primitive", name: "int32" },
    ],
  );
  // The client layer exports no apimachinery types: that import is foreign, as any other package's.
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.file]),
    [["KCG1207", "input/a/v2/types.ts"]],
  );
});

test("a misspelled name through a namespace import suggests the right one", () => {
  const { diagnostics } = modelOf({
    "a/v1/doc.ts": doc(),
    "a/v1/types.ts": `export interface Template {\n  image: string;\n}\n`,
    "a/v2/doc.ts": doc(),
    "a/v2/types.ts": `import * as v1 from "../v1/types.js";\nexport interface S {\n  t?: v1.Templat;\n}\n`,
  });
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.message, d.hint]),
    [["KCG1205", "type Templat is not declared in a/v1", "did you mean Template?"]],
  );
});

test("an empty +groupName (the core group) is refused at the marker as unsupported, not reported as missing", () => {
  const { diagnostics } = modelOf({
    "a/v1/doc.ts": "// +groupName=\nexport {};\n",
    "a/v1/t.ts": "export interface X {\n  a: string;\n}\n",
  });
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.line, d.col]),
    [["KCG1302", 1, 4]],
  );
  assert.match(diagnostics[0]!.message, /core group/);
  assert.match(diagnostics[0]!.hint ?? "", /group of your own/);
});

test("a refused +groupName or +versionName value is one error, not also a missing marker or a bad directory", () => {
  const { diagnostics } = modelOf({
    "a/vx/doc.ts": "// +groupName=Bad_Group\n// +versionName=V_1\nexport {};\n",
    "a/vx/t.ts": "export interface X {\n  a: string;\n}\n",
  });
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.line]),
    [
      ["KCG1103", 1],
      ["KCG1103", 2],
    ],
  );
});

test("a version name that is not letters and digits is an error with a hint", () => {
  const { diagnostics } = modelOf({
    "a/v1/doc.ts": "// +groupName=example.com\n// +versionName=v1-beta\nexport {};\n",
    "a/v1/t.ts": "export interface X {\n  a: string;\n}\n",
  });
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.line]),
    [["KCG1312", 2]],
  );
  assert.match(diagnostics[0]!.hint ?? "", /v1beta1/);
});

test("an enum member used as a type says so, instead of 'not declared'", () => {
  const { diagnostics } = modelOf({
    "a/v1/doc.ts": doc(),
    "a/v1/types.ts": `export enum Phase { Running = "Running", Done = "Done" }\nexport interface S {\n  p?: Phase.Running;\n}\n`,
  });
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.message]),
    [["KCG1205", "Phase.Running is a member of Phase, not a type of its own"]],
  );
});

test("a file that does not parse hides only names it might declare: Date is still refused elsewhere", () => {
  const { diagnostics } = modelOf({
    "a/v1/doc.ts": doc(),
    "a/v1/broken.ts": "export interface Broken {\n  a: = ;\n}\n",
    "a/v1/types.ts": "export interface S {\n  b?: Broken;\n  c?: Maybe;\n  when?: Date;\n}\n",
  });
  assert.deepEqual(
    diagnostics.map((d) => [d.code, (d.file ?? "").replace(/.*\//, ""), d.line]),
    [
      ["KCG1003", "broken.ts", 2],
      ["KCG1201", "types.ts", 4],
    ],
  );
});
