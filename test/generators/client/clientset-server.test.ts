// The generated clientsets run against the in-process test API server over TLS, each test once with
// the bearer-token kubeconfig and once with the client-certificate one: the bundled
// examples' Clientset (imported as an application imports it) does CRUD on a Foo, and the variant
// package's clientset (generated into a temporary directory and imported through tsx) reaches a
// cluster-scoped kind without a namespace, lacks the verbs its markers skip, and reads and writes
// the scale subresource through +genclient:method extensions.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { AgentPool, ApiError, createTransport, isConflict, isNotFound, loadKubeConfig } from "@kube-codegen/runtime";
import type { Scale, Transport } from "@kube-codegen/runtime";
import { Clientset as HelmClientset } from "../../../generated-examples/helm-release/generated/clientset/index.js";
import { Clientset as SampleClientset } from "../../../generated-examples/sample-controller/generated/clientset/index.js";
import { fooApplyConfiguration } from "../../../generated-examples/sample-controller/generated/clientset/samplecontroller/v1alpha1/foo.js";
import type { Foo } from "../../../generated-examples/sample-controller/apis/samplecontroller/v1alpha1/types.js";
import { loadCrds, startTestApiServer } from "../../../testing/src/index.js";
import type { TestApiServer } from "../../../testing/src/index.js";
import { generateInto, VARIANT_INPUT } from "./variants.js";

const repo = resolve(import.meta.dirname, "../../..");
const NS = "clients";

let server: TestApiServer;
let agents: AgentPool;
let variantsDir: string;

before(async () => {
  const generated = await generateInto(VARIANT_INPUT);
  assert.deepEqual(generated.diagnostics, []);
  variantsDir = generated.dir;
  server = await startTestApiServer({
    crds: [
      ...loadCrds(join(repo, "generated-examples/config/crd/bases")),
      ...loadCrds(join(repo, "generated-examples/sample-controller/config/crd/bases")),
      ...loadCrds(join(variantsDir, "out/crds")),
    ],
    objects: [{ apiVersion: "v1", kind: "Namespace", metadata: { name: NS } }],
  });
  await server.settle();
  agents = new AgentPool();
});
after(async () => {
  agents.destroy();
  await server.stop();
});

const foo = (name: string, replicas: number): Foo => ({
  apiVersion: "samplecontroller.k8s.io/v1alpha1",
  kind: "Foo",
  metadata: { name },
  spec: { deploymentName: `${name}-deploy`, replicas },
  status: { availableReplicas: 0 },
});

/** The parts of the variant clientset this test calls (it is imported at run time, untyped). */
interface VariantObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; resourceVersion?: string; labels?: Record<string, string> };
  spec: { replicas?: number; color?: string };
  status?: { replicas?: number; selector?: string };
}
interface VariantClient {
  create(obj: VariantObject): Promise<VariantObject>;
  get(name: string): Promise<VariantObject>;
  list(): Promise<{ items: VariantObject[] }>;
  delete(name: string): Promise<unknown>;
  updateStatus(obj: VariantObject): Promise<VariantObject>;
  getScale(name: string): Promise<Scale>;
  updateScale(name: string, scale: Scale): Promise<Scale>;
}
/** The full client (no verb markers), as this test calls it. */
interface FullClient extends VariantClient {
  update(obj: VariantObject): Promise<VariantObject>;
  patch(name: string, type: "merge", patch: unknown): Promise<VariantObject>;
  apply(config: unknown, options: { fieldManager: string; force?: boolean }): Promise<VariantObject>;
  applyStatus(config: unknown, options: { fieldManager: string; force?: boolean }): Promise<VariantObject>;
  listAll(): AsyncIterable<VariantObject>;
  listAllItems(): Promise<VariantObject[]>;
  watch(options: { resourceVersion?: string; signal?: AbortSignal }): AsyncIterable<{ type: string; object: VariantObject }>;
  deleteCollection(options?: { labelSelector?: string }): Promise<unknown>;
}
interface VariantsV1 {
  everythings(namespace?: string): FullClient;
  onlies(namespace?: string): Record<string, unknown>;
  readOnlies(namespace?: string): Record<string, unknown>;
  noStatuses(namespace?: string): Record<string, unknown>;
  scaleOnlies(namespace?: string): Record<string, unknown>;
  clusters(): VariantClient;
  skips(namespace?: string): Partial<VariantClient> & Record<string, unknown>;
  scaleds(namespace?: string): VariantClient;
}
interface VariantClientset {
  variantsV1(): VariantsV1;
}

async function variantClientset(transport: Transport): Promise<VariantClientset> {
  const mod = (await import(pathToFileURL(join(variantsDir, "out/clientset/index.ts")).href)) as {
    Clientset: new (t: Transport) => VariantClientset;
  };
  return new mod.Clientset(transport);
}

const obj = (kind: string, name: string, spec: VariantObject["spec"] = {}): VariantObject => ({
  apiVersion: "variants.example.com/v1",
  kind,
  metadata: { name },
  spec,
});

/** Each test runs once per way of authenticating: the token kubeconfig and the client-certificate one. */
const CREDENTIALS: readonly (readonly [string, string, () => string])[] = [
  ["with a token", "t", () => server.kubeconfigPath],
  ["with a client certificate", "c", () => server.certKubeconfigPath ?? assert.fail("the TLS server has a certificate kubeconfig")],
];

for (const [how, sfx, kubeconfigPath] of CREDENTIALS) {
  const transport = (): Transport =>
    createTransport(loadKubeConfig({ kubeconfig: kubeconfigPath() }), { agents, retry: { maxRetries: 0 } });

  test(`the examples' Clientset: create, get, list, update and delete a Foo (${how})`, async () => {
    const sample = new SampleClientset(loadKubeConfig({ kubeconfig: kubeconfigPath() }));
    const foos = sample.samplecontrollerV1alpha1().foos(NS);
    const created = await foos.create(foo(`example-foo-${sfx}`, 1));
    assert.equal(created.metadata?.namespace, NS);
    const got = await foos.get(`example-foo-${sfx}`);
    assert.equal(got.spec.replicas, 1);
    got.spec.replicas = 2;
    const updated = await foos.update(got);
    assert.equal(updated.spec.replicas, 2);
    const everywhere = await sample.samplecontrollerV1alpha1().foos().list();
    assert.deepEqual(
      everywhere.items.map((f) => `${f.metadata?.namespace ?? ""}/${f.metadata?.name ?? ""}`),
      [`${NS}/example-foo-${sfx}`],
    );
    await foos.delete(`example-foo-${sfx}`);
    await assert.rejects(foos.get(`example-foo-${sfx}`), isNotFound);
    // helm/v1beta1's HelmRelease has no status field, so its client has no status verbs (as client-gen).
    const helm = new HelmClientset(transport());
    const releases = helm.helmV1beta1().helmReleases(NS);
    // @ts-expect-error no updateStatus without a status field
    assert.equal(releases.updateStatus, undefined);
    assert.equal(typeof helm.helmV1().helmReleases(NS).updateStatus, "function");
  });

  test(`the examples' Clientset: server-side apply of partial Foo configurations, a conflict between managers, and force (${how})`, async () => {
    const foos = new SampleClientset(transport()).samplecontrollerV1alpha1().foos(NS);
    const owner = {
      ...fooApplyConfiguration(`applied-foo-${sfx}`, NS),
      spec: { deploymentName: "applied-deploy", replicas: 1 },
    };
    const created = await foos.apply(owner, { fieldManager: "owner" });
    assert.deepEqual(created.spec, { deploymentName: "applied-deploy", replicas: 1 });
    // A second manager sends only the field it cares about: no deploymentName.
    const scaler = { ...fooApplyConfiguration(`applied-foo-${sfx}`), spec: { replicas: 3 } };
    const conflict = await foos.apply(scaler, { fieldManager: "scaler" }).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(isConflict(conflict) && conflict instanceof ApiError && conflict.code === 409, String(conflict));
    assert.ok(
      conflict.causes.some((c) => c.field === ".spec.replicas"),
      JSON.stringify(conflict.causes),
    );
    assert.equal((await foos.get(`applied-foo-${sfx}`)).spec.replicas, 1, "a refused apply changes nothing");
    const forced = await foos.apply(scaler, { fieldManager: "scaler", force: true });
    // The partial configuration took replicas and left the field it did not mention alone.
    assert.deepEqual(forced.spec, { deploymentName: "applied-deploy", replicas: 3 });
    const managers = Object.fromEntries((forced.metadata?.managedFields ?? []).map((m) => [m.manager, JSON.stringify(m.fieldsV1)]));
    assert.match(managers["scaler"] ?? "", /f:replicas/);
    assert.doesNotMatch(managers["owner"] ?? "", /f:replicas/, "force moved replicas to the scaler");
    assert.match(managers["owner"] ?? "", /f:deploymentName/);
    // The owner re-applies without replicas, which it no longer owns: the scaler's value stays.
    const reapplied = await foos.apply(
      { ...fooApplyConfiguration(`applied-foo-${sfx}`), spec: { deploymentName: "applied-deploy" } },
      { fieldManager: "owner" },
    );
    assert.equal(reapplied.spec.replicas, 3);
    await foos.delete(`applied-foo-${sfx}`);
  });

  test(`a cluster-scoped kind's client works without a namespace (${how})`, async () => {
    const v1 = (await variantClientset(transport())).variantsV1();
    const clusters = v1.clusters();
    const created = await clusters.create(obj("Cluster", `c1-${sfx}`));
    assert.equal(created.metadata.namespace, undefined);
    assert.equal((await clusters.get(`c1-${sfx}`)).metadata.name, `c1-${sfx}`);
    assert.deepEqual(
      (await clusters.list()).items.map((c) => c.metadata.name),
      [`c1-${sfx}`],
    );
    await clusters.delete(`c1-${sfx}`);
    await assert.rejects(clusters.get(`c1-${sfx}`), isNotFound);
  });

  test(`a skipVerbs kind has no skipped methods at run time either, and the kept ones work (${how})`, async () => {
    const skips = (await variantClientset(transport())).variantsV1().skips(NS);
    for (const m of ["update", "patch", "deleteCollection"]) assert.equal(typeof skips[m], "undefined", m);
    assert.equal(typeof skips.create, "function");
    await skips.create!(obj("Skip", `s1-${sfx}`, { color: "red" }));
    assert.equal((await skips.get!(`s1-${sfx}`)).spec.color, "red");
  });

  test(`+genclient:method extensions read and write the scale subresource (${how})`, async () => {
    const scaleds = (await variantClientset(transport())).variantsV1().scaleds(NS);
    await scaleds.create(obj("Scaled", `w1-${sfx}`, { replicas: 2 }));
    const scale = await scaleds.getScale(`w1-${sfx}`);
    assert.equal(scale.kind, "Scale");
    assert.equal(scale.spec?.replicas, 2);
    const updated = await scaleds.updateScale(`w1-${sfx}`, { ...scale, spec: { replicas: 5 } });
    assert.equal(updated.spec?.replicas, 5);
    assert.equal((await scaleds.get(`w1-${sfx}`)).spec.replicas, 5);
  });
  test(`every verb of a kind without verb markers works, and each variant has exactly its verbs at run time (${how})`, async () => {
    const v1 = (await variantClientset(transport())).variantsV1();
    const e = v1.everythings(NS);
    const name = `every-${sfx}`;
    const created = await e.create(obj("Everything", name, { replicas: 1 }));
    const got = await e.get(name);
    got.spec.replicas = 2;
    assert.equal((await e.update(got)).spec.replicas, 2);
    assert.equal((await e.updateStatus({ ...(await e.get(name)), status: { replicas: 2 } })).status?.replicas, 2);
    assert.equal((await e.patch(name, "merge", { spec: { color: "blue" } })).spec.color, "blue");
    const applyConfig = { apiVersion: "variants.example.com/v1", kind: "Everything", metadata: { name } };
    assert.equal((await e.apply({ ...applyConfig, spec: { color: "green" } }, { fieldManager: "verbs", force: true })).spec.color, "green");
    const withStatus = await e.applyStatus({ ...applyConfig, status: { selector: "a=b" } }, { fieldManager: "verbs", force: true });
    assert.equal(withStatus.status?.selector, "a=b");
    assert.deepEqual(
      (await e.list()).items.map((i) => i.metadata.name),
      [name],
    );
    const iterated: string[] = [];
    for await (const i of e.listAll()) iterated.push(i.metadata.name);
    assert.deepEqual(iterated, [name]);
    assert.equal((await e.listAllItems()).length, 1);
    const ac = new AbortController();
    const seen: string[] = [];
    for await (const ev of e.watch({ resourceVersion: created.metadata.resourceVersion ?? "", signal: ac.signal })) {
      seen.push(ev.type);
      if (seen.length === 5) ac.abort();
    }
    assert.deepEqual(seen, ["MODIFIED", "MODIFIED", "MODIFIED", "MODIFIED", "MODIFIED"], "update, status, patch, apply, applyStatus");
    await e.delete(name);
    await assert.rejects(e.get(name), isNotFound);
    for (const n of ["a", "b"])
      await e.create({ ...obj("Everything", `${n}-${sfx}`), metadata: { name: `${n}-${sfx}`, labels: { batch: sfx } } });
    await e.deleteCollection({ labelSelector: `batch=${sfx}` });
    assert.deepEqual((await e.list()).items, []);

    const only = v1.onlies(NS);
    assert.deepEqual(
      Object.keys(only)
        .filter((k) => typeof only[k] === "function")
        .sort(),
      ["create", "get"],
    );
    const readOnly = v1.readOnlies(NS);
    assert.deepEqual(
      Object.keys(readOnly)
        .filter((k) => typeof readOnly[k] === "function")
        .sort(),
      ["get", "list", "listAll", "listAllItems", "watch", "watchBatches"],
    );
    assert.equal(typeof v1.noStatuses(NS)["updateStatus"], "undefined");
    assert.deepEqual(
      Object.keys(v1.scaleOnlies(NS)).filter((k) => typeof v1.scaleOnlies(NS)[k] === "function"),
      ["getScale"],
    );
    const onlyCreate = only["create"] as (o: VariantObject) => Promise<VariantObject>;
    const onlyGet = only["get"] as (n: string) => Promise<VariantObject>;
    await onlyCreate(obj("Only", `only-${sfx}`));
    assert.equal((await onlyGet(`only-${sfx}`)).metadata.name, `only-${sfx}`);
  });
}
