// Aggregated discovery replayed from test/fixtures/apiserver-1.37/aggregated-discovery.json, recorded from
// a real kube-apiserver 1.37.2: which Accept headers get the APIGroupDiscoveryList and which the legacy
// documents, its headers and ETag, a CRD's group as the real server writes it, and its removal.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { FIXTURES } from "../helpers/fixtures.js";
import { ApiClient } from "./api-client.js";
import { send } from "./transcript-http.js";
import type { Exchange } from "./transcript-replay.js";

type Obj = Record<string, unknown>;

const recorded = JSON.parse(readFileSync(join(FIXTURES, "apiserver-1.37/aggregated-discovery.json"), "utf8")) as Exchange[];
function step(prefix: string): Exchange {
  const e = recorded.find((x) => x.step.startsWith(prefix));
  if (!e) throw new Error(`no recorded step ${prefix}`);
  return e;
}

/** The ETag the real server gives a document: SHA-512 of its JSON without kind and apiVersion, in upper-case hex. */
function etagOf(body: Obj): string {
  const { kind: _k, apiVersion: _a, ...rest } = body;
  return `"${createHash("sha512").update(JSON.stringify(rest)).digest("hex").toUpperCase()}"`;
}

let server: TestApiServer;
let api: ApiClient;

before(async () => {
  server = await startTestApiServer({ crds: [] });
  api = new ApiClient(server);
});
after(async () => {
  api.close();
  await server.stop();
});

async function get(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string>; body: unknown }> {
  const r = await send({ url: server.url, caPem: server.caPem }, "GET", path, { Authorization: `Bearer ${server.token}`, ...headers });
  const h: Record<string, string> = {};
  for (const k of ["content-type", "cache-control", "vary", "etag"]) {
    const v = r.headers[k];
    if (typeof v === "string") h[k] = v;
  }
  return { status: r.status, headers: h, body: r.body };
}

test("the recorded ETag is the SHA-512 of the document without its kind and apiVersion", () => {
  const e = step("/api aggregated (v2)");
  assert.equal(e.response.headers?.["etag"], etagOf(e.response.body as Obj));
});

// Which form each Accept header gets, with the headers the real server sent.
for (const e of recorded.filter((x) => x.request.method === "GET" && !x.request.headers?.["If-None-Match"] && !x.step.includes("CRD"))) {
  test(`as recorded: ${e.step}`, async () => {
    const r = await get(e.request.path, e.request.headers ?? {});
    assert.equal(r.status, e.response.status);
    const want = { ...e.response.headers };
    const got = { ...r.headers };
    // The ETag hashes the document, which differs (the test server serves fewer built-ins): it is checked apart.
    if (want["etag"]) {
      assert.equal(got["etag"], etagOf(r.body as Obj));
      delete want["etag"];
      delete got["etag"];
    }
    assert.deepEqual(got, want);
    const body = r.body as Obj;
    const wantBody = e.response.body as Obj;
    assert.equal(body["kind"], wantBody["kind"]);
    if (wantBody["kind"] === "Status") assert.deepEqual(body, wantBody);
  });
}

test("an If-None-Match of the current ETag is 304 with the caching headers", async () => {
  const agg = step("/api aggregated (v2)").request.headers ?? {};
  const first = await get("/api", agg);
  const again = await get("/api", { ...agg, "If-None-Match": first.headers["etag"] ?? "" });
  assert.equal(again.status, 304);
  // The recorded 304's headers, its ETag being the document's (which differs from the real server's).
  const want = { ...step("/api aggregated with If-None-Match").response.headers, etag: first.headers["etag"] };
  assert.deepEqual(again.headers, want);
});

test("/api's core resources are written as the real server writes the same resources", async () => {
  const want =
    (step("/api aggregated (v2)").response.body as { items: { versions: { resources: Obj[] }[] }[] }).items[0]?.versions[0]?.resources ??
    [];
  const r = await get("/api", step("/api aggregated (v2)").request.headers ?? {});
  const got = (r.body as { items: { versions: { version: string; resources: Obj[]; freshness: string }[] }[] }).items[0]?.versions[0];
  assert.equal(got?.version, "v1");
  assert.equal(got?.freshness, "Current");
  const byName = new Map(want.map((x) => [x["resource"], x]));
  for (const res of got?.resources ?? []) {
    const real = byName.get(res["resource"]);
    assert.ok(real, `${String(res["resource"])} is served by the real server`);
    // Subresources 1.37 added after the 1.24 list the server advertises (pods/resize) are left out of the comparison.
    const { subresources: gotSubs, ...gotRest } = res;
    const { subresources: realSubs, ...realRest } = real;
    assert.deepEqual(gotRest, realRest, String(res["resource"]));
    for (const s of (gotSubs ?? []) as Obj[])
      assert.deepEqual(
        s,
        ((realSubs ?? []) as Obj[]).find((x) => x["subresource"] === s["subresource"]),
        `${String(res["resource"])}/${String(s["subresource"])}`,
      );
  }
});

test("a CRD's group appears in /apis as the real server writes it, versions preferred first, and goes with the CRD", async () => {
  const agg = step("/apis aggregated with the CRD").request.headers ?? {};
  const crd = step("create a CRD");
  assert.equal((await api.request("POST", crd.request.path, crd.request.body)).status, 201);
  await server.settle();
  const want = (step("/apis aggregated with the CRD").response.body as { items: Obj[] }).items.find(
    (g) => (g["metadata"] as Obj)["name"] === "example.com",
  );
  const withCrd = (await get("/apis", agg)).body as { items: Obj[] };
  assert.deepEqual(
    withCrd.items.find((g) => (g["metadata"] as Obj)["name"] === "example.com"),
    want,
  );
  // CRD groups come after the built-in groups, as on the real server.
  assert.equal((withCrd.items.at(-1)?.["metadata"] as Obj)["name"], "example.com");
  assert.equal((await api.request("DELETE", step("delete the CRD").request.path)).status, 200);
  await server.settle();
  const gone = (await get("/apis", agg)).body as { items: Obj[] };
  assert.equal(
    gone.items.some((g) => (g["metadata"] as Obj)["name"] === "example.com"),
    false,
  );
});

test("a server emulating 1.24 answers the legacy documents whatever the Accept header", async () => {
  const old = await startTestApiServer({ crds: [], emulate: "1.24" });
  try {
    const r = await send({ url: old.url, caPem: old.caPem }, "GET", "/apis", {
      Authorization: `Bearer ${old.token}`,
      ...(step("/apis, kubectl 1.32's Accept").request.headers ?? {}),
    });
    assert.equal(r.status, 200);
    assert.equal((r.body as Obj)["kind"], "APIGroupList");
  } finally {
    await old.stop();
  }
});
