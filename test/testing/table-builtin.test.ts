// Issue 12 item 3: built-in kinds as Tables (kubectl get, get -o wide, get -w) carry the real server's
// columns and cells, compared with a 1.24 kube-apiserver's answers for the same objects
// (test/fixtures/kubectl-fidelity/builtin-tables.json, see PROVENANCE.md). Cells that are ages are
// compared by form, as the recording is older than the run.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { ApiClient, namespace } from "./api-client.js";
import { send } from "./transcript-http.js";

type Obj = Record<string, unknown>;
interface Row {
  name: string;
  cells: unknown[];
  conditions?: Obj[];
}
interface Fixture {
  paths: Record<string, string>;
  columns: Record<string, Obj[]>;
  cases: Record<string, { path: string; rows: Row[]; objects?: (Obj & { deleted?: boolean })[] }>;
  watch: { type: string; columnNames: string[]; rows: { cells: unknown[] }[] };
}

const fixture = JSON.parse(readFileSync(new URL("../fixtures/kubectl-fidelity/builtin-tables.json", import.meta.url), "utf8")) as Fixture;
const TABLE = "application/json;as=Table;v=v1;g=meta.k8s.io";
const KINDS: Record<string, [apiVersion: string, kind: string]> = {
  "/namespaces": ["v1", "Namespace"],
  "apps/deployments": ["apps/v1", "Deployment"],
  "/pods": ["v1", "Pod"],
  "/configmaps": ["v1", "ConfigMap"],
  "/secrets": ["v1", "Secret"],
  "/events": ["v1", "Event"],
  "events.k8s.io/events": ["events.k8s.io/v1", "Event"],
  "coordination.k8s.io/leases": ["coordination.k8s.io/v1", "Lease"],
  "/serviceaccounts": ["v1", "ServiceAccount"],
  "/services": ["v1", "Service"],
  "/nodes": ["v1", "Node"],
  "/persistentvolumes": ["v1", "PersistentVolume"],
  "/persistentvolumeclaims": ["v1", "PersistentVolumeClaim"],
  "/replicationcontrollers": ["v1", "ReplicationController"],
  "/podtemplates": ["v1", "PodTemplate"],
  "/resourcequotas": ["v1", "ResourceQuota"],
  "/endpoints": ["v1", "Endpoints"],
  "/limitranges": ["v1", "LimitRange"],
};
/** Columns whose cells are ages ("5s", "3m2s", "2d"), which differ by when they were read. */
const AGE_COLUMNS = new Set(["Age", "Last Seen", "First Seen"]);
const AGE = /^(\d+[smhdy])+$/;
/** The generic convertor's Created At: the creation time itself, in RFC 3339. */
const CREATED_AT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

let server: TestApiServer;
let api: ApiClient;

async function getTable(path: string): Promise<Obj> {
  const a = await send({ url: server.url, caPem: server.caPem }, "GET", path, { Authorization: `Bearer ${server.token}`, Accept: TABLE });
  assert.equal(a.status, 200, `${path}: ${JSON.stringify(a.body)}`);
  return a.body as Obj;
}

/**
 * Creates the recorded objects as the recording did: the object, then its status (written by PUT to
 * /status, as a controller or kubelet writes it), then a delete if it was deleted.
 */
async function createRecorded(key: string, path: string, objects: (Obj & { deleted?: boolean })[]): Promise<void> {
  const [apiVersion, kind] = KINDS[key] ?? ["", ""];
  for (const { deleted, status, ...o } of objects) {
    const name = (o["metadata"] as Obj)["name"] as string;
    if (key === "/namespaces") continue; // created in before()
    // One storage with core/v1 Events (as on the real server): the recording's events.k8s.io rows are
    // the core Events of the same names, read through the other API.
    if (key === "events.k8s.io/events") continue;
    const created = await api.request("POST", path, { apiVersion, kind, ...o });
    assert.equal(created.status, 201, `${key} ${name}: ${JSON.stringify(created.body)}`);
    if (status) {
      const put = await api.request("PUT", `${path}/${name}/status`, { ...(created.body as Obj), status });
      assert.equal(put.status, 200, `${key} ${name} status: ${JSON.stringify(put.body)}`);
    }
    if (deleted) await api.request("DELETE", `${path}/${name}`);
  }
}

/** Asserts a cell as the real server gave it: exactly, or by form for ages and "N (5m ago)" restarts. */
function assertCell(column: string, ours: unknown, real: unknown, where: string): void {
  if (column === "Created At" && typeof real === "string" && CREATED_AT.test(real)) {
    assert.match(String(ours), CREATED_AT, where);
    return;
  }
  if (AGE_COLUMNS.has(column) && typeof real === "string" && AGE.test(real)) {
    assert.match(String(ours), AGE, where);
    return;
  }
  const ago = typeof real === "string" ? /^(\d+) \((.+) ago\)$/.exec(real) : null;
  if (ago) {
    const m = /^(\d+) \((.+) ago\)$/.exec(String(ours));
    assert.ok(m, `${where}: ${String(ours)} is not "N (age ago)"`);
    assert.equal(m[1], ago[1], where);
    assert.match(m[2] ?? "", AGE, where);
    return;
  }
  assert.deepEqual(ours, real, where);
}

before(async () => {
  // The recordings are 1.24's: the server emulates it.
  server = await startTestApiServer({ crds: [], objects: [namespace("tables")], emulate: "1.24" });
  api = new ApiClient(server);
  for (const [key, c] of Object.entries(fixture.cases)) if (c.objects) await createRecorded(key, c.path, c.objects);
});
after(async () => {
  api.close();
  await server.stop();
});

test("every built-in resource's Table has the real server's column definitions", async () => {
  for (const [key, path] of Object.entries(fixture.paths)) {
    const table = await getTable(path);
    assert.deepEqual(table["columnDefinitions"], fixture.columns[key], key);
  }
});

for (const [key, c] of Object.entries(fixture.cases)) {
  test(`${key} rows read as the real server prints them`, async () => {
    const table = await getTable(c.path);
    const names = (fixture.columns[key] ?? []).map((col) => col["name"] as string);
    const rows = table["rows"] as { cells: unknown[]; conditions?: Obj[]; object: { metadata: Obj } }[];
    for (const real of c.rows) {
      const ours = rows.find((r) => r.object.metadata["name"] === real.name);
      assert.ok(ours, `${key}: no row for ${real.name}`);
      assert.equal(ours.cells.length, real.cells.length, `${key} ${real.name}: cells ${JSON.stringify(ours.cells)}`);
      real.cells.forEach((cell, i) => {
        assertCell(names[i] ?? "", ours.cells[i], cell, `${key} ${real.name} ${names[i] ?? i}: ${JSON.stringify(ours.cells)}`);
      });
      assert.deepEqual(ours.conditions, real.conditions, `${key} ${real.name} conditions`);
    }
  });
}

test("a watch of Deployments as Table streams rows with the Deployment columns", async () => {
  const w = await api.watch(`/apis/apps/v1/namespaces/tables/deployments?watch=1&timeoutSeconds=1&fieldSelector=metadata.name%3Dweb`, {
    Accept: TABLE,
  });
  await w.ended;
  assert.equal(w.events.length, 1);
  const ev = w.events[0] as { type: string; object: Obj };
  assert.equal(ev.type, fixture.watch.type);
  const columns = (ev.object["columnDefinitions"] as Obj[]).map((col) => col["name"]);
  assert.deepEqual(columns, fixture.watch.columnNames);
  const cells = (ev.object["rows"] as { cells: unknown[] }[])[0]?.cells ?? [];
  const real = fixture.watch.rows[0]?.cells ?? [];
  assert.equal(cells.length, real.length);
  real.forEach((cell, i) => {
    assertCell(fixture.watch.columnNames[i] ?? "", cells[i], cell, `watch cell ${fixture.watch.columnNames[i] ?? i}`);
  });
});
