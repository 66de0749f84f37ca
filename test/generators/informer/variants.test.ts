// The lister and informer generators on the +genclient variants, compiled under the repository's
// strict settings: which kinds get a lister (list verb) and an informer (list and watch, as
// informer-gen), the typed shapes (`lister.<plural>(ns).get` returns the kind, a cluster-scoped
// kind's lister has `get` and no namespaced accessor), and stale-file removal of both folders.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { existingGenerated, planOutput } from "../../../src/output/index.js";
import { runPipeline } from "../../../src/pipeline.js";
import { testOptions } from "../../helpers/options.js";
import { compile, generateInto, RUNTIME_ENTRY, VARIANT_INPUT } from "../client/variants.js";

const GENERATORS = "register,crd,client,lister,informer";
/** The variants plus a kind that can be listed but not watched: a lister, no informer. */
const INPUT: Record<string, string> = {
  ...VARIANT_INPUT,
  "variants/v1/types.ts": `${VARIANT_INPUT["variants/v1/types.ts"]!}
// +genclient
// +genclient:onlyVerbs=get,list
// ListOnly is a test kind.
export interface ListOnly extends TypeMeta {
  metadata?: ObjectMeta;
  spec: Spec;
}
`,
};

const generated = generateInto(INPUT, GENERATORS);

const kindFiles = (files: string[], dir: string) =>
  files
    .filter((f) => f.startsWith(dir) && !f.endsWith("/index.ts"))
    .map((f) => f.slice(dir.length))
    .sort();

test("listers for the kinds with list, informers for those with list and watch", async () => {
  const { files, diagnostics } = await generated;
  assert.deepEqual(diagnostics, []);
  const listed = ["cluster.ts", "everything.ts", "nostatus.ts", "readonly.ts", "scaled.ts", "skip.ts", "statusless.ts"];
  assert.deepEqual(kindFiles(files, "out/listers/variants/v1/"), [...listed, "listonly.ts"].sort());
  assert.deepEqual(kindFiles(files, "out/informers/variants/v1/"), listed);
  assert.ok(files.includes("out/informers/factory.ts") && files.includes("out/informers/index.ts"));
  assert.ok(files.includes("out/listers/variants/v1/index.ts"));
});

test("the generated listers and informers compile strictly, with client-go's typed shapes", async () => {
  const { dir, files } = await generated;
  const check = join(dir, "check.ts");
  writeFileSync(
    check,
    `import { newSharedInformerFactory } from "./out/informers/index.js";
import type { Cluster, Everything } from "./input/variants/v1/types.js";
import type { RestConfig, SharedIndexInformer } from "@kube-codegen/runtime";
type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
declare const config: RestConfig;
const factory = newSharedInformerFactory(config, { namespace: "ns" });
const v1 = factory.variants().v1();
const everything = v1.everythings().lister.everythings("ns").get("x");
export const a: Equal<typeof everything, Everything> = true;
const all = v1.everythings().lister.list({ app: "web" });
export const b: Equal<typeof all, Everything[]> = true;
const cluster = v1.clusters().lister.get("x");
export const c: Equal<typeof cluster, Cluster> = true;
export const informer: Equal<ReturnType<typeof v1.clusters>["informer"], SharedIndexInformer<Cluster>> = true;
// @ts-expect-error a cluster-scoped kind's lister has no namespaced accessor
export const d = v1.clusters().lister.clusters;
// @ts-expect-error a namespaced kind's lister has no cluster-wide get, as client-go's
export const e = v1.everythings().lister.get;
// @ts-expect-error onlyVerbs=get,list: no watch, so no informer
export const f = v1.listOnlies;
`,
  );
  assert.deepEqual(compile([...files.filter((x) => x.endsWith(".ts")).map((x) => join(dir, x)), check]).errors, []);
  // An unused @ts-expect-error is itself an error, so the check above cannot pass vacuously.
  writeFileSync(check, readFileSync(check, "utf8").replace("v1.clusters().lister.clusters", "v1.clusters().lister.get"));
  assert.equal(compile([check]).errors.length, 1);
});

test("listers and informers no longer generated are stale: the next run removes them", async () => {
  const { dir } = await generated;
  const input = INPUT["variants/v1/types.ts"]!.replace("// +genclient\n// +genclient:readonly\n", "");
  assert.notEqual(input, INPUT["variants/v1/types.ts"]);
  writeFileSync(join(dir, "input/variants/v1/types.ts"), input);
  const r = await runPipeline({ ...testOptions(dir, { generators: GENERATORS }), runtimeImport: RUNTIME_ENTRY });
  const plan = planOutput(dir, r.files, existingGenerated(dir, r.owned));
  assert.deepEqual(plan.remove.sort(), [
    "out/clientset/variants/v1/readonly.ts",
    "out/informers/variants/v1/readonly.ts",
    "out/listers/variants/v1/readonly.ts",
  ]);
  const index = plan.write.find((f) => f.path === "out/informers/variants/v1/index.ts");
  assert.ok(index && !index.content.includes("readOnlies(") && index.content.includes("skips("));
});

test("+groupGoName names the factory's group accessor, as the clientset's", async () => {
  const { dir, diagnostics } = await generateInto(
    {
      "t/v1/doc.ts": "// +groupName=t.example.com\n// +groupGoName=TeeGroup\nexport {};\n",
      "t/v1/types.ts":
        'import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";\n// +genclient\n// Thing is a test kind.\nexport interface Thing extends TypeMeta {\n  metadata?: ObjectMeta;\n}\n',
    },
    GENERATORS,
  );
  assert.deepEqual(diagnostics, []);
  const factory = readFileSync(join(dir, "out/informers/factory.ts"), "utf8");
  assert.match(factory, /^ {2}teeGroup\(\): TeeGroupInformers \{$/m);
  assert.match(factory, /^ {2}v1\(\): TeeGroupV1Informers \{$/m);
});
