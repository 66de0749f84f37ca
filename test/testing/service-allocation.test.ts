// Services as kube-apiserver 1.37.2 allocates them (test/fixtures/apiserver-1.37/service-allocation.json,
// recorded by scripts/record-service-allocation-1.37.ts from the steps of service-allocation-steps.ts):
// a cluster IP from 10.0.0.0/24, IPv4 single-stack families, node ports for NodePort and LoadBalancer
// Services, targetPort and the traffic policies defaulted, the refusals of a taken or out-of-range
// address or port, a dry run's 10.0.0.0, and on update what was allocated kept. The real allocator
// picks at random and the test server takes the lowest free value, so an address or port the server
// chose is compared as "allocated", and checked here to be in its range and not given twice.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { PRELUDE, SERVICE_STEPS, type ServiceStep } from "../fixtures/apiserver-1.37/service-allocation-steps.js";
import { releaseAgent, send, type Answer } from "./transcript-http.js";

type Json = Record<string, unknown>;
interface Recorded {
  what: string;
  status: number;
  body: Json;
}
const RECORDED = (
  JSON.parse(readFileSync(new URL("../fixtures/apiserver-1.37/service-allocation.json", import.meta.url), "utf8")) as {
    answers: Recorded[];
  }
).answers;

let server: TestApiServer;
const answers: Answer[] = [];

function call(s: ServiceStep): Promise<Answer> {
  const headers: Record<string, string> = { Authorization: `Bearer ${server.token}` };
  if (s.body !== undefined) headers["Content-Type"] = s.contentType ?? "application/json";
  return send(
    { url: server.url, caPem: server.caPem },
    s.method,
    s.path,
    headers,
    s.body === undefined ? undefined : JSON.stringify(s.body),
  );
}

/** An answer as recorded, with the cluster IPs and node ports the server chose (the step did not ask for them) masked. */
function comparable(step: ServiceStep, status: number, body: Json): Recorded {
  if (body["kind"] === "Status") return { what: step.what, status, body };
  const asked = ((step.body as Json | undefined)?.["spec"] ?? {}) as Json;
  const spec = JSON.parse(JSON.stringify(body["spec"] ?? {})) as Json;
  const chosen = (ip: unknown): unknown =>
    asked["clusterIP"] === undefined && typeof ip === "string" && /^10\.0\.0\.([1-9]\d*)$/.test(ip) ? "allocated" : ip;
  if (spec["clusterIP"] !== undefined) spec["clusterIP"] = chosen(spec["clusterIP"]);
  if (Array.isArray(spec["clusterIPs"])) spec["clusterIPs"] = spec["clusterIPs"].map(chosen);
  const askedPorts = Array.isArray(asked["ports"]) ? (asked["ports"] as Json[]) : [];
  if (Array.isArray(spec["ports"]))
    (spec["ports"] as Json[]).forEach((p, i) => {
      if (p["nodePort"] !== undefined && askedPorts[i]?.["nodePort"] === undefined) p["nodePort"] = "allocated";
    });
  return { what: step.what, status, body: { kind: body["kind"], spec } };
}

before(async () => {
  server = await startTestApiServer({ crds: [] });
  await call(PRELUDE);
  for (const s of SERVICE_STEPS) answers.push(await call(s));
});
after(async () => {
  releaseAgent({ url: server.url, caPem: server.caPem });
  await server.stop();
});

test("every Service write answers as kube-apiserver 1.37.2, chosen addresses and ports aside", () => {
  assert.equal(RECORDED.length, SERVICE_STEPS.length);
  SERVICE_STEPS.forEach((s, i) => {
    const recorded = RECORDED[i]!;
    const got = answers[i]!;
    assert.deepEqual(comparable(s, got.status, got.body as Json), comparable(s, recorded.status, recorded.body), s.what);
  });
});

test("the addresses and node ports the server chose are in their ranges, never given twice, and kept by an update", () => {
  const specs = answers.map((a) => (a.body as Json)["spec"] as Json | undefined);
  const created = SERVICE_STEPS.map((s, i) =>
    s.method === "POST" && answers[i]!.status === 201 && !s.path.includes("dryRun") ? specs[i] : undefined,
  );
  const ips = created.map((s) => s?.["clusterIP"]).filter((ip): ip is string => typeof ip === "string" && ip !== "None");
  for (const ip of ips) assert.match(ip, /^10\.0\.0\.([2-9]|[1-9]\d|1\d\d|2[0-4]\d|25[0-4])$/);
  assert.equal(new Set(ips.filter((ip) => ip !== "10.0.0.50")).size, ips.filter((ip) => ip !== "10.0.0.50").length, ips.join(" "));
  const nodePorts = created
    .flatMap((s) => ((s?.["ports"] as Json[] | undefined) ?? []).map((p) => p["nodePort"]))
    .filter((n) => n !== undefined);
  for (const n of nodePorts) assert.ok(Number(n) >= 30000 && Number(n) <= 32767, String(n));
  assert.equal(new Set(nodePorts).size, nodePorts.length);
  const step = (what: string): number => SERVICE_STEPS.findIndex((s) => s.what === what);
  assert.equal(specs[step("a PUT without the cluster IP")]?.["clusterIP"], specs[step("a Service to update")]?.["clusterIP"]);
});
