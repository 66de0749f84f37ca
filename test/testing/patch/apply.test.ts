// Server-side apply: merging by schema, conflicts and their 409, force, co-ownership, and pruning.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  builtinResourceSchema,
  conflictMessage,
  serverSideApply,
  updateManagedFields,
  type ApplyOptions,
  type JsonObject,
} from "../../../testing/src/patch/index.js";
import { owners, T0, T1, T2, widget, widgetSchema } from "./fixtures.js";

const opts = (manager: string, time: string, extra: Partial<ApplyOptions> = {}): ApplyOptions => ({
  manager,
  apiVersion: "example.com/v1",
  time,
  force: false,
  schema: widgetSchema,
  ...extra,
});

function apply(live: JsonObject | undefined, cfg: JsonObject, o: ApplyOptions): JsonObject {
  const r = serverSideApply(live, cfg, o);
  assert.ok(r.object, r.conflicts ? conflictMessage(r.conflicts) : "");
  return r.object;
}

const spec = (o: JsonObject): JsonObject => o["spec"] as JsonObject;

test("apply creates: the applier owns exactly what it sent (no '.' on structs)", () => {
  const out = apply(undefined, widget({ size: "s", ports: [{ name: "http", port: 80 }] }), opts("a", T0));
  assert.deepEqual(owners(out), [
    {
      manager: "a",
      operation: "Apply",
      apiVersion: "example.com/v1",
      fieldsType: "FieldsV1",
      fieldsV1: { "f:spec": { "f:ports": { 'k:{"name":"http"}': { ".": {}, "f:name": {}, "f:port": {} } }, "f:size": {} } },
    },
  ]);
});

test("changing a field another manager owns is a conflict with the server's message and 409 body", () => {
  const live = updateManagedFields(undefined, widget({ replicas: 1, size: "s" }), {
    manager: "unknown",
    apiVersion: "example.com/v1",
    time: T0,
    schema: widgetSchema,
  });
  const one = serverSideApply(live, widget({ replicas: 2 }), opts("tool", T1));
  assert.ok(one.conflicts);
  assert.equal(one.conflicts[0]!.field, ".spec.replicas");
  assert.equal(one.status["message"], 'Apply failed with 1 conflict: conflict with "unknown" using example.com/v1: .spec.replicas');
  assert.equal(one.status["code"], 409);
  assert.deepEqual((one.status["details"] as JsonObject)["causes"], [
    { reason: "FieldManagerConflict", message: 'conflict with "unknown" using example.com/v1', field: ".spec.replicas" },
  ]);
  const two = serverSideApply(live, widget({ replicas: 2, size: "m" }), opts("tool", T1));
  assert.ok(two.conflicts);
  assert.equal(
    two.status["message"],
    'Apply failed with 2 conflicts: conflicts with "unknown" using example.com/v1:\n- .spec.replicas\n- .spec.size',
  );
});

test("conflicts with several managers are grouped by manager; appliers print without a version", () => {
  let live = apply(undefined, widget({ replicas: 1 }), opts("a", T0));
  live = apply(live, widget({ size: "s" }), opts("b", T0));
  const r = serverSideApply(live, widget({ replicas: 2, size: "m" }), opts("c", T1));
  assert.ok(r.conflicts);
  assert.equal(
    r.status["message"],
    'Apply failed with 2 conflicts: conflicts with "a":\n- .spec.replicas\nconflicts with "b":\n- .spec.size',
  );
});

test("applying the same value another manager set is no conflict: both own it", () => {
  const live = apply(undefined, widget({ replicas: 1 }), opts("a", T0));
  const out = apply(live, widget({ replicas: 1 }), opts("b", T1));
  // The object did not change, so (as in 1.24) b's new entry gets no time and sorts first.
  assert.deepEqual(
    owners(out)
      .map((e) => [e["manager"], e["fieldsV1"]])
      .reverse(),
    [
      ["a", { "f:spec": { "f:replicas": {} } }],
      ["b", { "f:spec": { "f:replicas": {} } }],
    ],
  );
});

test("force takes the field: the value changes and the previous owner loses it", () => {
  const live = apply(undefined, widget({ replicas: 1, size: "s" }), opts("a", T0));
  const out = apply(live, widget({ replicas: 5 }), opts("b", T1, { force: true }));
  assert.equal(spec(out)["replicas"], 5);
  assert.deepEqual(
    owners(out).map((e) => [e["manager"], e["fieldsV1"]]),
    [
      ["a", { "f:spec": { "f:size": {} } }],
      ["b", { "f:spec": { "f:replicas": {} } }],
    ],
  );
});

test("a field the applier stops applying is removed, unless someone else owns it", () => {
  const first = apply(undefined, widget({ replicas: 1, size: "s", labels: { x: "1" } }), opts("a", T0));
  const dropped = apply(first, widget({ size: "s" }), opts("a", T1));
  assert.deepEqual(spec(dropped), { size: "s" });
  const shared = apply(first, widget({ replicas: 1 }), opts("b", T1));
  const kept = apply(shared, widget({ size: "s" }), opts("a", T2));
  assert.deepEqual(spec(kept), { replicas: 1, size: "s" });
});

test("list-maps merge by key and list-sets by value; atomic lists are replaced", () => {
  let live = apply(undefined, widget({ ports: [{ name: "a", port: 1 }], tags: ["x"], args: ["1"] }), opts("a", T0));
  live = apply(live, widget({ ports: [{ name: "b", port: 2 }], tags: ["y"], args: ["2"] }), opts("b", T1, { force: true }));
  assert.deepEqual(spec(live)["ports"], [
    { name: "a", port: 1 },
    { name: "b", port: 2 },
  ]);
  assert.deepEqual(spec(live)["tags"], ["x", "y"]);
  assert.deepEqual(spec(live)["args"], ["2"]);
});

test("granular maps merge key by key; re-applying unchanged config keeps the entry's time", () => {
  const first = apply(undefined, widget({ labels: { a: "1" } }), opts("a", T0));
  const second = apply(first, widget({ labels: { b: "2" } }), opts("b", T1));
  assert.deepEqual(spec(second)["labels"], { a: "1", b: "2" });
  const again = apply(second, widget({ labels: { b: "2" } }), opts("b", T2));
  const mf = (again["metadata"] as JsonObject)["managedFields"] as JsonObject[];
  assert.equal(mf.find((e) => e["manager"] === "b")!["time"], T1);
});

test("apply to /status owns status only and does not conflict over spec", () => {
  const live = apply(undefined, widget({ replicas: 1 }), opts("a", T0));
  const out = apply(live, widget({ replicas: 7 }, { status: { replicas: 1 } }), opts("ctrl", T1, { subresource: "status" }));
  assert.equal(spec(out)["replicas"], 1);
  assert.deepEqual(owners(out)[1], {
    manager: "ctrl",
    operation: "Apply",
    apiVersion: "example.com/v1",
    fieldsType: "FieldsV1",
    fieldsV1: { "f:status": { "f:replicas": {} } },
    subresource: "status",
  });
});

test("an apply configuration may not carry managedFields", () => {
  const r = serverSideApply(undefined, widget({ size: "s" }, { metadata: { name: "w", managedFields: [] } }), opts("a", T0));
  assert.equal(r.error?.code, 400);
  assert.equal(r.object, undefined);
});

test("built-in Deployment: conflicts name list-map items by merge key, and containers merge by name", () => {
  const schema = builtinResourceSchema("apps/v1", "Deployment")!;
  const dep = (containers: JsonObject[], replicas?: number): JsonObject => ({
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name: "d", namespace: "ns" },
    spec: { ...(replicas !== undefined ? { replicas } : {}), template: { spec: { containers } } },
  });
  const w = { apiVersion: "apps/v1", time: T0, schema };
  const live = updateManagedFields(undefined, dep([{ name: "app", image: "app:1" }], 1), { ...w, manager: "kubectl" });
  const r = serverSideApply(live, dep([{ name: "app", image: "app:2" }], 3), { ...w, manager: "ctl", time: T1, force: false });
  assert.ok(r.conflicts);
  assert.deepEqual(
    r.conflicts.map((c) => c.field),
    [".spec.replicas", '.spec.template.spec.containers[name="app"].image'],
  );
  const added = apply(live, dep([{ name: "side", image: "s:1" }]), { ...w, manager: "ctl", time: T1, force: false });
  const podSpec = ((added["spec"] as JsonObject)["template"] as JsonObject)["spec"] as JsonObject;
  assert.deepEqual(podSpec["containers"], [
    { name: "app", image: "app:1" },
    { name: "side", image: "s:1" },
  ]);
  assert.deepEqual(owners(added)[0]!["fieldsV1"], {
    "f:spec": { "f:template": { "f:spec": { "f:containers": { 'k:{"name":"side"}': { ".": {}, "f:image": {}, "f:name": {} } } } } },
  });
});

test("list items the applier no longer applies are removed; items others own stay", () => {
  const first = apply(
    undefined,
    widget({
      ports: [
        { name: "a", port: 1 },
        { name: "b", port: 2 },
      ],
      tags: ["x", "y"],
    }),
    opts("a", T0),
  );
  const shrunk = apply(first, widget({ ports: [{ name: "a", port: 1 }], tags: ["x"] }), opts("a", T1));
  assert.deepEqual(spec(shrunk), { ports: [{ name: "a", port: 1 }], tags: ["x"] });
  const shared = apply(first, widget({ tags: ["y"] }), opts("b", T1));
  const kept = apply(shared, widget({ ports: [{ name: "a", port: 1 }], tags: ["x"] }), opts("a", T2));
  assert.deepEqual(spec(kept), { ports: [{ name: "a", port: 1 }], tags: ["x", "y"] });
});

/** A Deployment whose container port has no protocol, one of the port's key fields. */
const PORT_WITHOUT_PROTOCOL = {
  apiVersion: "apps/v1",
  kind: "Deployment",
  metadata: { name: "d" },
  spec: { template: { spec: { containers: [{ name: "c", ports: [{ containerPort: 80 }] }] } } },
};

test("a list-map item without its key fields cannot be applied (1.24 answers 500)", () => {
  const schema = builtinResourceSchema("apps/v1", "Deployment")!;
  const cfg = PORT_WITHOUT_PROTOCOL;
  const r = serverSideApply(undefined, cfg, { manager: "m", apiVersion: "apps/v1", time: T0, force: false, schema });
  assert.equal(r.error?.code, 500);
  assert.match(
    String(r.object ? "" : r.status["message"]),
    /\.spec\.template\.spec\.containers\[0\]\.ports: element 0: .*omits key field "protocol"/,
  );
});

test("as 1.37 types it, an item without a key field is identified by the key's default (a port without protocol is TCP's)", () => {
  const schema = builtinResourceSchema("apps/v1", "Deployment", "1.37")!;
  const cfg = PORT_WITHOUT_PROTOCOL;
  const r = serverSideApply(undefined, cfg, { manager: "m", apiVersion: "apps/v1", time: T0, force: false, schema });
  assert.ok(r.object, r.object ? "" : JSON.stringify(r.status));
  const fields = JSON.stringify((r.object["metadata"] as { managedFields: unknown[] }).managedFields);
  assert.match(fields, /"k:\{\\"containerPort\\":80,\\"protocol\\":\\"TCP\\"\}"/);
  // A second apply with the protocol spelt out is the same item, not a second port.
  const again = serverSideApply(
    r.object,
    {
      ...cfg,
      spec: { template: { spec: { containers: [{ name: "c", ports: [{ containerPort: 80, protocol: "TCP", name: "http" }] }] } } },
    },
    { manager: "m", apiVersion: "apps/v1", time: T0, force: false, schema },
  );
  const ports = (((again.object?.["spec"] as JsonObject)["template"] as JsonObject)["spec"] as { containers: { ports: unknown[] }[] })
    .containers[0]!.ports;
  assert.deepEqual(ports, [{ containerPort: 80, protocol: "TCP", name: "http" }]);
});
