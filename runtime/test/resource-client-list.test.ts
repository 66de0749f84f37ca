// Listing through ResourceClient against the test server: pages with limit and continue, listAll
// across pages (as an iterator and collected), label and field selectors in each input form, the
// status subresource and the scale subresource.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { ResourceClient, isConflict, isResourceExpired } from "../src/index.js";
import type { Harness } from "./api-server.js";
import { configMap, deployment, foo, startHarness } from "./api-server.js";

let h: Harness;
before(async () => {
  h = await startHarness("lists");
  for (let i = 0; i < 23; i++)
    await h.configMaps.create(
      configMap(`cm-${String(i).padStart(2, "0")}`, { i: String(i) }, { parity: i % 2 === 0 ? "even" : "odd", group: `g${i % 3}` }),
    );
});
after(() => h.close());

test("list pages with limit and continue; listAll follows every page", async () => {
  const first = await h.configMaps.list({ limit: 5 });
  assert.equal(first.items.length, 5);
  assert.ok(first.metadata?.continue);
  const second = await h.configMaps.list({ limit: 5, continue: first.metadata.continue });
  assert.equal(second.items[0]?.metadata?.name, "cm-05");
  const names: string[] = [];
  for await (const cm of h.configMaps.listAll({ limit: 4 })) names.push(cm.metadata!.name!);
  assert.equal(names.length, 23);
  assert.equal(new Set(names).size, 23);
  assert.deepEqual(names, [...names].sort());
  const collected = await h.configMaps.listAllItems({ limit: 7, labelSelector: { parity: "even" } });
  assert.equal(collected.length, 12);
  assert.ok(collected.every((c) => c.metadata?.labels?.["parity"] === "even"));
});

test("listAll sends each continue token, and no resourceVersion beside it", async () => {
  const seen: Record<string, unknown>[] = [];
  const spy = {
    ...h.transport,
    json: <T>(r: Parameters<typeof h.transport.json>[0]) => (seen.push({ ...r.query }), h.transport.json<T>(r)),
  };
  const cms = new ResourceClient(spy, h.configMaps.resource).namespace("lists");
  const rv = (await h.configMaps.list()).metadata!.resourceVersion!;
  const items = await cms.listAllItems({ limit: 10, resourceVersion: rv, resourceVersionMatch: "Exact" });
  assert.equal(items.length, 23);
  assert.equal(seen.length, 3);
  assert.equal(seen[0]?.["continue"], undefined);
  assert.equal(seen[0]?.["resourceVersion"], rv);
  assert.ok(typeof seen[1]?.["continue"] === "string" && seen[1]["resourceVersion"] === undefined);
});

test("a continue token that expires midway: listAllPages falls back to one full list, listAll fails", async () => {
  const elsewhere = new ResourceClient(h.transport, h.configMaps.resource).namespace("default");
  let bumps = 0;
  const seen: Record<string, unknown>[] = [];
  const expiring = {
    ...h.transport,
    json: async <T>(r: Parameters<typeof h.transport.json>[0]): Promise<T> => {
      seen.push({ ...r.query });
      const answer = await h.transport.json<T>(r);
      if (seen.length === 1) {
        // A write after the first page, then compaction: the first page's snapshot is gone.
        await elsewhere.create(configMap(`bump-${bumps++}`, {}));
        h.server.faults.expireResourceVersions();
      }
      return answer;
    },
  };
  const cms = new ResourceClient(expiring, h.configMaps.resource).namespace("lists");
  const collected = await cms.listAllPages({ limit: 10, labelSelector: { parity: "odd" } });
  assert.equal(collected.fellBackToFullList, true);
  assert.equal(collected.items.length, 11, "every odd item once: the first page's items were dropped");
  assert.equal(new Set(collected.items.map((c) => c.metadata?.name)).size, 11);
  assert.ok(collected.resourceVersion);
  assert.equal(seen.length, 3, "first page, the expired continuation, the full list");
  assert.equal(seen[2]?.["limit"], undefined);
  assert.equal(seen[2]?.["continue"], undefined);
  assert.equal(seen[2]?.["labelSelector"], "parity=odd");

  seen.length = 0;
  const streamed: string[] = [];
  await assert.rejects(async () => {
    for await (const cm of cms.listAll({ limit: 10 })) streamed.push(cm.metadata!.name!);
  }, isResourceExpired);
  assert.equal(streamed.length, 10, "an iterator cannot take back what it yielded, so it reports the expiry");
});

test("label selectors as strings, maps and LabelSelectors; field selectors as maps", async () => {
  const names = async (o: Parameters<typeof h.configMaps.list>[0]): Promise<string[]> =>
    (await h.configMaps.list(o)).items.map((c) => c.metadata!.name!);
  assert.equal((await names({ labelSelector: "parity=odd,group=g0" })).length, 4);
  assert.deepEqual(await names({ labelSelector: { parity: "odd", group: "g0" } }), await names({ labelSelector: "parity=odd,group=g0" }));
  assert.deepEqual(
    await names({
      labelSelector: { matchLabels: { parity: "even" }, matchExpressions: [{ key: "group", operator: "NotIn", values: ["g0", "g1"] }] },
    }),
    ["cm-02", "cm-08", "cm-14", "cm-20"],
  );
  assert.deepEqual(await names({ fieldSelector: { "metadata.name": "cm-07" } }), ["cm-07"]);
  assert.equal((await names({ fieldSelector: { "metadata.name": { not: "cm-07" } } })).length, 22);
});

test("updateStatus writes status through the subresource; update ignores status there", async () => {
  const d = await h.deployments.create(deployment("web", 2));
  const withStatus = await h.deployments.updateStatus({ ...d, status: { replicas: 2, readyReplicas: 2 } });
  assert.equal(withStatus.status?.readyReplicas, 2);
  const viaMain = await h.deployments.update({ ...withStatus, status: { replicas: 0, readyReplicas: 0 } });
  assert.equal(viaMain.status?.readyReplicas, 2, "the main resource keeps the status as it was");
  await assert.rejects(h.deployments.updateStatus({ ...d, status: { replicas: 1 } }), isConflict, "a stale status update conflicts");
});

test("getScale and updateScale on a Deployment", async () => {
  await h.deployments.create(deployment("scaled", 1));
  const scale = await h.deployments.getScale("scaled");
  assert.equal(scale.kind, "Scale");
  assert.equal(scale.spec?.replicas, 1);
  const out = await h.deployments.updateScale("scaled", { ...scale, spec: { replicas: 4 } });
  assert.equal(out.spec?.replicas, 4);
  assert.equal((await h.deployments.get("scaled")).spec?.replicas, 4);
});

test("getScale sends the resourceVersion it is given, as get does", async () => {
  const sent: Parameters<typeof h.transport.json>[0][] = [];
  const recording = { ...h.transport, json: <T>(r: Parameters<typeof h.transport.json>[0]) => (sent.push(r), h.transport.json<T>(r)) };
  const deployments = new ResourceClient(recording, h.deployments.resource).namespace(h.deployments.boundNamespace!);
  await deployments.getScale("scaled", { resourceVersion: "0" });
  assert.equal(sent[0]?.query?.["resourceVersion"], "0");
  assert.match(sent[0]?.path ?? "", /\/deployments\/scaled\/scale$/);
});

test("Foo list is typed as FooList and selects by label", async () => {
  await h.foos.create({ ...foo("labelled"), metadata: { name: "labelled", labels: { app: "x" } } });
  await h.foos.create(foo("plain"));
  const list = await h.foos.list({ labelSelector: { app: "x" } });
  assert.deepEqual(
    list.items.map((f) => f.spec.deploymentName),
    ["labelled-deploy"],
  );
});
