// The test server's opt-in Deployment status simulation, seen through the runtime's client as a
// controller sees it: status follows spec.replicas and generation (counts omitted at zero, the real
// controller's conditions), a watch receives the status change, and without the switch nothing moves.
import { test } from "node:test";
import assert from "node:assert/strict";
import { deployment, startHarness } from "./api-server.js";

interface FullStatus {
  observedGeneration?: number;
  replicas?: number;
  updatedReplicas?: number;
  readyReplicas?: number;
  availableReplicas?: number;
  conditions?: { type: string; status: string; reason: string }[];
}

test("with simulateDeploymentStatus, status follows spec.replicas and generation", async () => {
  const h = await startHarness("deploy-status", { simulateDeploymentStatus: true });
  try {
    const created = await h.deployments.create(deployment("web", 3));
    await h.server.settle();
    const d = await h.deployments.get("web");
    const s = d.status as FullStatus;
    assert.equal(s.observedGeneration, 1);
    assert.deepEqual([s.replicas, s.updatedReplicas, s.readyReplicas, s.availableReplicas], [3, 3, 3, 3]);
    assert.deepEqual(
      s.conditions?.map((c) => [c.type, c.status, c.reason]),
      [
        ["Available", "True", "MinimumReplicasAvailable"],
        ["Progressing", "True", "NewReplicaSetAvailable"],
      ],
    );
    assert.notEqual(d.metadata?.resourceVersion, created.metadata?.resourceVersion, "the status write is a new revision");

    const events: { type: string; ready: number | undefined; generation: number | undefined }[] = [];
    const ac = new AbortController();
    const watching = (async () => {
      for await (const e of h.deployments.watch({ resourceVersion: d.metadata!.resourceVersion!, signal: ac.signal })) {
        const st = e.object.status as FullStatus | undefined;
        events.push({ type: e.type, ready: st?.readyReplicas, generation: st?.observedGeneration });
        if (events.length === 2) ac.abort();
      }
    })().catch((e: unknown) => {
      if (!ac.signal.aborted) throw e;
    });
    await h.deployments.patch("web", "merge", { spec: { replicas: 0 } });
    await h.server.settle();
    await watching;
    assert.deepEqual(events, [
      { type: "MODIFIED", ready: 3, generation: 1 },
      { type: "MODIFIED", ready: undefined, generation: 2 },
    ]);
    const scaled = (await h.deployments.get("web")).status as FullStatus;
    assert.equal(scaled.observedGeneration, 2);
    assert.equal(scaled.replicas, undefined, "zero counts are omitted, as the real controller's omitempty fields");
  } finally {
    await h.close();
  }
});

test("without the switch a Deployment's status never moves, as under envtest", async () => {
  const h = await startHarness("deploy-still");
  try {
    await h.deployments.create(deployment("web", 2));
    await h.server.settle();
    assert.deepEqual((await h.deployments.get("web")).status, {}, "the status the server defaults, never filled in");
  } finally {
    await h.close();
  }
});
