// kubectl 1.32's typed clients (`kubectl create configmap|secret|deployment`) POST built-ins as
// application/vnd.kubernetes.protobuf; the test server answered them 400 "json parse error", so every
// `kubectl create <kind>` failed against it while the real server accepts them. Custom resources have
// no protobuf form (the real server answers 415), nor do kinds the test server does not decode.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { parse } from "yaml";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";

const FOOS = join(import.meta.dirname, "../../generated-examples/sample-controller/config/crd/bases/samplecontroller.k8s.io_foos.yaml");

/** The body `kubectl create configmap x --from-literal=a=b` (1.32.4) sent, from its -v=8 log. */
const KUBECTL_CONFIGMAP = Buffer.from(
  "6b3873000a0f0a0276311209436f6e6669674d6170121b0a110a0178120" + "01a00220 02a003200380042001206 0a0161120162 1a002200".replace(/ /g, ""),
  "hex",
);

let server: TestApiServer;
before(async () => {
  server = await startTestApiServer({ tls: false, crds: [parse(readFileSync(FOOS, "utf8")) as Record<string, unknown>] });
});
after(async () => {
  await server.stop();
});

function post(path: string, body: Buffer): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${server.token}`,
      "Content-Type": "application/vnd.kubernetes.protobuf",
      Accept: "application/vnd.kubernetes.protobuf,application/json",
    },
    body,
  });
}

/** A "k8s\0" envelope around raw message bytes of the given apiVersion and kind. */
function envelope(apiVersion: string, kind: string, raw: Buffer): Buffer {
  const str = (no: number, s: Buffer): Buffer => Buffer.concat([Buffer.from([no * 8 + 2, s.length]), s]);
  const typeMeta = Buffer.concat([str(1, Buffer.from(apiVersion)), str(2, Buffer.from(kind))]);
  return Buffer.concat([Buffer.from("k8s\0", "latin1"), str(1, typeMeta), str(2, raw)]);
}

test("a protobuf ConfigMap as kubectl create sends it is created with its data, answered as JSON", async () => {
  const res = await post("/api/v1/namespaces/default/configmaps", KUBECTL_CONFIGMAP);
  const body = (await res.json()) as Record<string, unknown>;
  assert.equal(res.status, 201, JSON.stringify(body));
  assert.equal(res.headers.get("content-type"), "application/json");
  assert.deepEqual(body["data"], { a: "b" });
  const meta = body["metadata"] as Record<string, unknown>;
  assert.equal(meta["name"], "x");
  assert.equal(meta["namespace"], "default");
  // Go's zero values on the wire (generation 0, empty uid) are absent, not stored as given.
  assert.equal(meta["generateName"], undefined);
  assert.match(String(meta["uid"]), /^[0-9a-f-]{36}$/);
});

test("a protobuf Secret's bytes become base64 data", async () => {
  const meta = Buffer.from([0x0a, 0x01, 0x73]); // name "s"
  const entry = Buffer.from([0x0a, 0x01, 0x6b, 0x12, 0x01, 0x76]); // k -> "v"
  const raw = Buffer.concat([
    Buffer.from([0x0a, meta.length]),
    meta,
    Buffer.from([0x12, entry.length]),
    entry,
    Buffer.from([0x1a, 6]),
    Buffer.from("Opaque"),
  ]);
  const res = await post("/api/v1/namespaces/default/secrets", envelope("v1", "Secret", raw));
  const body = (await res.json()) as Record<string, unknown>;
  assert.equal(res.status, 201, JSON.stringify(body));
  assert.deepEqual(body["data"], { k: "dg==" });
  assert.equal(body["type"], "Opaque");
});

test("protobuf for a kind the server does not decode, or for a custom resource, is 415", async () => {
  const raw = Buffer.from([0x0a, 0x03, 0x0a, 0x01, 0x78]);
  const svc = await post("/api/v1/namespaces/default/services", envelope("v1", "Service", raw));
  assert.equal(svc.status, 415);
  assert.match(((await svc.json()) as { message: string }).message, /does not decode protobuf v1 Service/);
  const cr = await post(
    "/apis/samplecontroller.k8s.io/v1alpha1/namespaces/default/foos",
    envelope("samplecontroller.k8s.io/v1alpha1", "Foo", raw),
  );
  assert.equal(cr.status, 415);
  await cr.body?.cancel();
});
