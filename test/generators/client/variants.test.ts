// Each +genclient variant, generated and compiled with TypeScript under the repository's strict
// settings: the method set of every typed client's class type is what client-gen would give it,
// the accessors take a namespace only for namespaced kinds, and a left-out verb is a type error.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { existingGenerated, planOutput } from "../../../src/output/index.js";
import { runPipeline } from "../../../src/pipeline.js";
import { testOptions } from "../../helpers/options.js";
import { compile, generateInto, RUNTIME_ENTRY, VARIANT_INPUT } from "./variants.js";

const repo = join(import.meta.dirname, "../../..");

const all = [
  "create",
  "update",
  "updateStatus",
  "delete",
  "deleteCollection",
  "get",
  "list",
  "listAll",
  "listAllItems",
  "watch",
  "watchBatches",
  "patch",
  "apply",
  "applyStatus",
];
const noStatus = all.filter((m) => m !== "updateStatus" && m !== "applyStatus");

/** The methods of every exported client type (a type alias or an interface), by type name. */
function methodSets(program: ts.Program, file: string): Map<string, string[]> {
  const checker = program.getTypeChecker();
  const out = new Map<string, string[]>();
  const sf = program.getSourceFile(file);
  assert.ok(sf, file);
  for (const st of sf.statements) {
    if (!ts.isTypeAliasDeclaration(st) && !ts.isInterfaceDeclaration(st)) continue;
    // The apply configurations are data types, not clients.
    if (!st.name.text.endsWith("Client")) continue;
    const type = checker.getTypeAtLocation(st.name);
    // Sorted: a type's properties have no order (a Pick follows its key union's), a set does.
    out.set(
      st.name.text,
      type
        .getProperties()
        .map((p) => p.name)
        .sort(),
    );
  }
  return out;
}

const generated = generateInto(VARIANT_INPUT);

test("every variant's client compiles under the strict settings, with the method set its markers give", async () => {
  const { dir, files, diagnostics } = await generated;
  assert.deepEqual(diagnostics, []);
  const kindFiles = files.filter((f) => f.startsWith("out/clientset/variants/v1/") && !f.endsWith("index.ts"));
  // noVerbs without extensions and a kind without +genclient get no client at all.
  assert.ok(!kindFiles.includes("out/clientset/variants/v1/silent.ts"));
  assert.ok(!kindFiles.includes("out/clientset/variants/v1/plain.ts"));
  const { program, errors } = compile(files.filter((f) => f.endsWith(".ts")).map((f) => join(dir, f)));
  assert.deepEqual(errors, []);
  const methods = new Map<string, string[]>();
  for (const f of kindFiles) for (const [k, v] of methodSets(program, join(dir, f))) methods.set(k, v);
  const expected: Record<string, string[]> = {
    ClusterClient: all,
    EverythingClient: all,
    NoStatusClient: noStatus,
    OnlyClient: ["create", "get"],
    ReadOnlyClient: ["get", "list", "listAll", "listAllItems", "watch", "watchBatches"],
    ScaledClient: [...all, "getScale", "updateScale", "patchStatus"],
    ScaleOnlyClient: ["getScale"],
    SkipClient: [
      "create",
      "updateStatus",
      "delete",
      "get",
      "list",
      "listAll",
      "listAllItems",
      "watch",
      "watchBatches",
      "apply",
      "applyStatus",
    ],
    StatuslessClient: noStatus,
  };
  assert.deepEqual(Object.fromEntries(methods), Object.fromEntries(Object.entries(expected).map(([k, v]) => [k, [...v].sort()])));
});

test("the accessors: a namespace for namespaced kinds only, and a skipped verb is a type error", async () => {
  const { dir, files } = await generated;
  const check = join(dir, "check.ts");
  writeFileSync(
    check,
    `import { Clientset } from "./out/clientset/index.js";
declare const cs: Clientset;
const v1 = cs.variantsV1();
export const a = v1.everythings("ns").get("x");
export const b = v1.everythings().list();
export const c = v1.clusters().get("x");
// @ts-expect-error a cluster-scoped kind's accessor takes no namespace
export const d = v1.clusters("ns");
// @ts-expect-error skipVerbs=update leaves update out
export const e = v1.skips("ns").update;
// @ts-expect-error onlyVerbs=create,get leaves list out
export const f = v1.onlies("ns").list;
export const g: Promise<{ spec?: { replicas?: number } }> = v1.scaleds("ns").getScale("x");
// @ts-expect-error the scale methods take a Scale, not the kind
export const h = v1.scaleds("ns").updateScale("x", { spec: { color: "red" }, metadata: {} });
`,
  );
  const { errors } = compile([...files.filter((f) => f.endsWith(".ts")).map((f) => join(dir, f)), check]);
  assert.deepEqual(errors, []);
  // An unused @ts-expect-error is itself an error, so the check above cannot pass vacuously.
  writeFileSync(check, readFileSync(check, "utf8").replace('v1.skips("ns").update', 'v1.skips("ns").get'));
  assert.equal(compile([check]).errors.length, 1);
});

test("apply and applyStatus take the kind's apply configuration: a deep partial with its apiVersion, kind and name", async () => {
  const { dir, files } = await generated;
  const check = join(dir, "apply-check.ts");
  const examples = join(repo, "generated-examples/clientset/index.js");
  writeFileSync(
    check,
    `import { Clientset } from "./out/clientset/index.js";
import { everythingApplyConfiguration } from "./out/clientset/variants/v1/everything.js";
import { clusterApplyConfiguration } from "./out/clientset/variants/v1/cluster.js";
import type { EverythingApplyConfiguration } from "./out/clientset/variants/v1/everything.js";
import { Clientset as Examples } from ${JSON.stringify(examples)};
declare const cs: Clientset;
declare const ex: Examples;
const v1 = cs.variantsV1();
// A partial object: spec without status, spec.color without spec.replicas.
export const a = v1.everythings("ns").apply({ apiVersion: "variants.example.com/v1", kind: "Everything", metadata: { name: "x" }, spec: { color: "red" } }, { fieldManager: "m" });
export const b = v1.everythings("ns").applyStatus({ ...everythingApplyConfiguration("x", "ns"), status: { replicas: 1 } }, { fieldManager: "m", force: true });
export const c: EverythingApplyConfiguration = everythingApplyConfiguration("x");
// @ts-expect-error the kind is a literal: another kind's configuration is refused
export const d = v1.everythings("ns").apply({ apiVersion: "variants.example.com/v1", kind: "Cluster", metadata: { name: "x" } }, { fieldManager: "m" });
// @ts-expect-error metadata.name is required
export const e = v1.everythings("ns").apply({ apiVersion: "variants.example.com/v1", kind: "Everything", metadata: {} }, { fieldManager: "m" });
// @ts-expect-error a full object is not needed, but a field of the wrong type is still refused
export const f = v1.everythings("ns").apply({ ...everythingApplyConfiguration("x"), spec: { replicas: "2" } }, { fieldManager: "m" });
// @ts-expect-error exactOptionalPropertyTypes: an explicit undefined would not leave the field out
export const g = v1.everythings("ns").apply({ ...everythingApplyConfiguration("x"), spec: { color: undefined } }, { fieldManager: "m" });
// @ts-expect-error the fieldManager is required
export const h = v1.everythings("ns").apply(everythingApplyConfiguration("x"), {});
// @ts-expect-error a cluster-scoped kind's constructor takes no namespace
export const i = clusterApplyConfiguration("x", "ns");
const widgets = ex.kitchensinkV1().widgets("ns");
const widget = { apiVersion: "kitchensink.example.com/v1", kind: "Widget", metadata: { name: "w" } } as const;
// A listType=map element may leave out every optional field, but not its key.
export const j = widgets.apply({ ...widget, spec: { endpoints: [{ name: "http", port: 80 }], routes: [{ host: "h", path: "/" }] } }, { fieldManager: "m" });
// @ts-expect-error an endpoint without its key (name)
export const k = widgets.apply({ ...widget, spec: { endpoints: [{ port: 80 }] } }, { fieldManager: "m" });
// @ts-expect-error a route without one of its keys (path)
export const l = widgets.apply({ ...widget, spec: { routes: [{ host: "h" }] } }, { fieldManager: "m" });
`,
  );
  const roots = [...files.filter((f) => f.endsWith(".ts")).map((f) => join(dir, f)), check];
  assert.deepEqual(compile(roots).errors, []);
  // Each @ts-expect-error above is needed: with one of them turned into a valid call the file fails.
  writeFileSync(check, readFileSync(check, "utf8").replace("endpoints: [{ port: 80 }]", 'endpoints: [{ name: "n", port: 80 }]'));
  assert.equal(compile(roots).errors.length, 1);
});

const thing = (markers: string[]) =>
  [
    'import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";',
    "// +genclient",
    ...markers.map((m) => `// ${m}`),
    "// Thing is a test kind.",
    "export interface Thing extends TypeMeta {",
    "  metadata?: ObjectMeta;",
    "}",
    "",
  ].join("\n");
const thingInput = (markers: string[]) => ({ "t/v1/doc.ts": "// +groupName=t.example.com\nexport {};\n", "t/v1/types.ts": thing(markers) });

test("a +genclient:method the client cannot have is a positioned error", async () => {
  const { diagnostics } = await generateInto(
    thingInput([
      "+genclient:method=Get-Out,verb=get,subresource=scale,result=Scale",
      "+genclient:method=GetOther,verb=get,subresource=scale,result=other/v1.Missing",
      "+genclient:method=ListScales,verb=list,subresource=scale",
      "+genclient:method=Get,verb=get",
    ]),
    "register,client",
  );
  assert.deepEqual(
    diagnostics.map((d) => `${d.code} ${d.file ?? ""}:${String(d.line)} ${d.message}`),
    [
      "KCG1103 input/t/v1/types.ts:3 +genclient:method=Get-Out on Thing: the method name is not an identifier",
      "KCG1103 input/t/v1/types.ts:4 +genclient:method=GetOther on Thing: type other/v1.Missing is not declared in t/v1",
      "KCG1103 input/t/v1/types.ts:5 +genclient:method=ListScales on Thing: verb=list with subresource=scale and these input/result types have no ResourceClient call",
      "KCG1103 input/t/v1/types.ts:6 +genclient:method=Get on Thing: the client already has a method get",
    ],
  );
});

test("+genclient:readonly with +genclient:onlyVerbs keeps both, as client-gen does", async () => {
  const { dir, diagnostics } = await generateInto(thingInput(["+genclient:readonly", "+genclient:onlyVerbs=create"]), "register,client");
  assert.deepEqual(diagnostics, []);
  const text = readFileSync(join(dir, "out/clientset/t/v1/thing.ts"), "utf8");
  const verbs = /export const thingVerbs = (\[[^\]]*\])/.exec(text)?.[1];
  assert.deepEqual(JSON.parse(verbs ?? "null"), ["create", "get", "list", "watch"]);
});

test("a marker string reaches the client only as a string literal", async () => {
  const evil = 'x"); process.exit(1); /*${a}*/ ("';
  const { dir, files, diagnostics } = await generateInto(
    thingInput([`+genclient:method=GetThing,verb=get,subresource=\`${evil}\`,result=Scale`]),
    "register,client",
  );
  assert.deepEqual(diagnostics, []);
  const text = readFileSync(join(dir, "out/clientset/t/v1/thing.ts"), "utf8");
  // The subresource is the second argument of getSubresource, one string literal holding the value as written.
  const args: ts.Node[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && n.expression.name.text === "getSubresource")
      args.push(n.arguments[1]!);
    ts.forEachChild(n, visit);
  };
  visit(ts.createSourceFile("thing.ts", text, ts.ScriptTarget.ES2022, true));
  assert.equal(args.length, 1);
  assert.ok(ts.isStringLiteral(args[0]!) && args[0].text === evil, text);
  assert.deepEqual(compile(files.map((f) => join(dir, f))).errors, []);
});

test("a client no longer generated is stale: the next run removes it", async () => {
  const { dir } = await generated;
  const input = VARIANT_INPUT["variants/v1/types.ts"]!.replace("// +genclient\n// +genclient:onlyVerbs=create,get\n", "");
  writeFileSync(join(dir, "input/variants/v1/types.ts"), input);
  const r = await runPipeline({ ...testOptions(dir, { generators: "register,crd,client" }), runtimeImport: RUNTIME_ENTRY });
  const plan = planOutput(dir, r.files, existingGenerated(dir, r.owned));
  assert.deepEqual(plan.remove, ["out/clientset/variants/v1/only.ts"]);
  // The group-version client is rewritten without the accessor.
  const index = plan.write.find((f) => f.path === "out/clientset/variants/v1/index.ts");
  assert.ok(index && !index.content.includes("onlies(") && index.content.includes("skips("));
});

test("+groupGoName names the group-version accessor and client class", async () => {
  const { dir, diagnostics } = await generateInto(
    { "t/v1/doc.ts": "// +groupName=t.example.com\n// +groupGoName=TeeGroup\nexport {};\n", "t/v1/types.ts": thing([]) },
    "register,client",
  );
  assert.deepEqual(diagnostics, []);
  const clientset = readFileSync(join(dir, "out/clientset/clientset.ts"), "utf8");
  assert.match(clientset, /^ {2}teeGroupV1\(\): TeeGroupV1Client \{$/m);
  assert.match(readFileSync(join(dir, "out/clientset/t/v1/index.ts"), "utf8"), /^export class TeeGroupV1Client \{$/m);
});
