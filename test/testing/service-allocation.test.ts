// Services as kube-apiserver 1.37.2 stores them (observed on the real server started by
// ../shared/real-apiserver-1.37/start.sh, whose service range is 10.0.0.0/24 as the default; the
// refusals are also recorded in test/fixtures/apiserver-1.37/builtin-validation.json): a cluster IP
// from the range, IPv4 single-stack families, node ports for NodePort and LoadBalancer Services,
// targetPort and the traffic policies defaulted, and on update what was allocated kept. The real
// allocator picks addresses and ports at random; the test server takes the lowest free ones, so
// these tests check the shape and the range, not the value.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { releaseAgent, send, type Answer } from "./transcript-http.js";

type Json = Record<string, unknown>;
let server: TestApiServer;

function call(method: string, path: string, body?: unknown, contentType = "application/json"): Promise<Answer> {
  return send(
    { url: server.url, caPem: server.caPem },
    method,
    path,
    { Authorization: `Bearer ${server.token}`, "Content-Type": contentType },
    body === undefined ? undefined : JSON.stringify(body),
  );
}

const SERVICES = "/api/v1/namespaces/alloc/services";
const svc = (name: string, spec: Json): Json => ({ apiVersion: "v1", kind: "Service", metadata: { name }, spec });
const specOf = (a: Answer): Json => (a.body as Json)["spec"] as Json;
const message = (a: Answer): string => String((a.body as Json)["message"]);

before(async () => {
  server = await startTestApiServer({ crds: [] });
  await call("POST", "/api/v1/namespaces", { apiVersion: "v1", kind: "Namespace", metadata: { name: "alloc" } });
});
after(async () => {
  releaseAgent({ url: server.url, caPem: server.caPem });
  await server.stop();
});

test("a ClusterIP Service gets an address of the range, single-stack IPv4 and the defaults", async () => {
  const a = await call("POST", SERVICES, svc("plain", { ports: [{ port: 80 }] }));
  assert.equal(a.status, 201, message(a));
  const spec = specOf(a);
  assert.match(String(spec["clusterIP"]), /^10\.0\.0\.([2-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-4])$/);
  assert.deepEqual(spec, {
    ports: [{ port: 80, protocol: "TCP", targetPort: 80 }],
    type: "ClusterIP",
    sessionAffinity: "None",
    clusterIP: spec["clusterIP"],
    clusterIPs: [spec["clusterIP"]],
    ipFamilies: ["IPv4"],
    ipFamilyPolicy: "SingleStack",
    internalTrafficPolicy: "Cluster",
  });
  const other = specOf(await call("POST", SERVICES, svc("other", { ports: [{ port: 80 }] })));
  assert.notEqual(other["clusterIP"], spec["clusterIP"], "two Services, two addresses");
});

test("headless Services: single-stack with a selector, RequireDualStack without one", async () => {
  const withSelector = specOf(await call("POST", SERVICES, svc("h1", { clusterIP: "None", selector: { a: "b" }, ports: [{ port: 80 }] })));
  assert.deepEqual(
    [withSelector["clusterIPs"], withSelector["ipFamilies"], withSelector["ipFamilyPolicy"]],
    [["None"], ["IPv4"], "SingleStack"],
  );
  const without = specOf(await call("POST", SERVICES, svc("h2", { clusterIP: "None", ports: [{ port: 80 }] })));
  assert.deepEqual([without["ipFamilies"], without["ipFamilyPolicy"]], [["IPv4", "IPv6"], "RequireDualStack"]);
});

test("an address asked for is given once, and only from the range", async () => {
  const first = await call("POST", SERVICES, svc("fixed", { clusterIP: "10.0.0.50", ports: [{ port: 80 }] }));
  assert.equal(first.status, 201, message(first));
  assert.deepEqual(specOf(first)["clusterIPs"], ["10.0.0.50"]);
  const refusals: [string, string][] = [
    ["10.0.0.50", 'spec.clusterIPs: Invalid value: ["10.0.0.50"]: failed to allocate IP 10.0.0.50: provided IP is already allocated'],
    ["10.0.0.1", 'spec.clusterIPs: Invalid value: ["10.0.0.1"]: failed to allocate IP 10.0.0.1: provided IP is already allocated'],
    [
      "192.168.1.1",
      'spec.clusterIPs: Invalid value: ["192.168.1.1"]: failed to allocate IP 192.168.1.1: the provided network does not match the current range',
    ],
    [
      "10.0.0.255",
      'spec.clusterIPs: Invalid value: ["10.0.0.255"]: failed to allocate IP 10.0.0.255: the provided network does not match the current range',
    ],
    ["fd00::1", 'spec.clusterIPs[0]: Invalid value: ["fd00::1"]: IPv6 is not configured on this cluster'],
    ["not-an-ip", 'spec.clusterIPs[0]: Invalid value: "not-an-ip": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)'],
  ];
  for (const [ip, text] of refusals) {
    const r = await call("POST", SERVICES, svc("again", { clusterIP: ip, ports: [{ port: 80 }] }));
    assert.equal(r.status, 422, ip);
    assert.equal(message(r), `Service "again" is invalid: ${text}`);
  }
  // Deleting a Service frees its address.
  assert.equal((await call("DELETE", `${SERVICES}/fixed`)).status, 200);
  assert.equal((await call("POST", SERVICES, svc("again", { clusterIP: "10.0.0.50", ports: [{ port: 80 }] }))).status, 201);
});

test("a dry run allocates nothing and answers with the range's base address, as 1.37 does", async () => {
  const dry = await call("POST", `${SERVICES}?dryRun=All`, svc("dry", { ports: [{ port: 80 }] }));
  assert.equal(dry.status, 201, message(dry));
  assert.deepEqual(specOf(dry)["clusterIPs"], ["10.0.0.0"]);
});

test("NodePort and LoadBalancer Services get node ports; one asked for is checked", async () => {
  const np = specOf(await call("POST", SERVICES, svc("np", { type: "NodePort", ports: [{ port: 80 }] })));
  const port = (np["ports"] as Json[])[0]!;
  assert.ok(Number(port["nodePort"]) >= 30000 && Number(port["nodePort"]) <= 32767);
  assert.equal(np["externalTrafficPolicy"], "Cluster");
  const lb = specOf(await call("POST", SERVICES, svc("lb", { type: "LoadBalancer", ports: [{ port: 80 }] })));
  assert.equal(lb["allocateLoadBalancerNodePorts"], true);
  assert.notEqual((lb["ports"] as Json[])[0]!["nodePort"], port["nodePort"]);
  assert.equal((await call("POST", SERVICES, svc("n1", { type: "NodePort", ports: [{ port: 80, nodePort: 30100 }] }))).status, 201);
  const taken = await call("POST", SERVICES, svc("n2", { type: "NodePort", ports: [{ port: 80, nodePort: 30100 }] }));
  assert.equal(message(taken), 'Service "n2" is invalid: spec.ports[0].nodePort: Invalid value: 30100: provided port is already allocated');
  const outside = await call("POST", SERVICES, svc("n3", { type: "NodePort", ports: [{ port: 80, nodePort: 20000 }] }));
  assert.equal(
    message(outside),
    'Service "n3" is invalid: spec.ports[0].nodePort: Invalid value: 20000: provided port is not in the valid range. The range of valid ports is 30000-32767',
  );
});

test("updates keep what was allocated, refuse a changed address, and release it for ExternalName", async () => {
  const created = specOf(await call("POST", SERVICES, svc("upd", { ports: [{ port: 80 }] })));
  const ip = String(created["clusterIP"]);
  // A PUT without the cluster IP keeps it.
  const put = await call("PUT", `${SERVICES}/upd`, svc("upd", { ports: [{ port: 81 }] }));
  assert.equal(put.status, 200, message(put));
  assert.deepEqual([specOf(put)["clusterIP"], specOf(put)["clusterIPs"]], [ip, [ip]]);
  // Changing clusterIP alone moves clusterIPs with it, and validation refuses the change.
  const changed = await call("PATCH", `${SERVICES}/upd`, { spec: { clusterIP: "10.0.0.99" } }, "application/merge-patch+json");
  assert.equal(message(changed), 'Service "upd" is invalid: spec.clusterIPs[0]: Invalid value: ["10.0.0.99"]: may not change once set');
  // To ExternalName: the address, families and internal traffic policy go; the ports stay.
  const external = await call(
    "PATCH",
    `${SERVICES}/upd`,
    { spec: { type: "ExternalName", externalName: "x.example.com" } },
    "application/merge-patch+json",
  );
  assert.equal(external.status, 200, message(external));
  assert.deepEqual(specOf(external), {
    ports: [{ port: 81, protocol: "TCP", targetPort: 81 }],
    type: "ExternalName",
    sessionAffinity: "None",
    externalName: "x.example.com",
  });
  const forbidden = await call("POST", SERVICES, svc("ext", { type: "ExternalName", externalName: "example.com", clusterIP: "10.0.0.60" }));
  assert.equal(message(forbidden), 'Service "ext" is invalid: spec.clusterIPs: Forbidden: may not be set for ExternalName services');
});
