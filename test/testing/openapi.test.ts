// /openapi/v2 and /openapi/v3 compared with what a real kube-apiserver answered, for each release the
// test server emulates: 1.37 (the default) against kube-apiserver 1.37.2 (test/fixtures/openapi-1.37),
// 1.24 against 1.24 (test/fixtures/openapi): real-openapi-crds.json.gz with the Foo, Gadget and Dial
// CRDs installed, and the built-in v3 documents; and a CRD created at run time appearing in both with
// new hashes.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { gunzipSync } from "node:zlib";
import { parse } from "yaml";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { FIXTURES } from "../helpers/fixtures.js";
import { recordedV2, recordedV3, RELEASES, type Release } from "./openapi-builtin-data.js";
import { releaseAgent, send, type Answer } from "./transcript-http.js";

type Obj = Record<string, any>;

// The CRDs exactly as the real server had them when the documents were recorded (the examples have
// moved on since: a status subresource, today's description layout), see PROVENANCE.md.
const crd = (file: string): Record<string, unknown> =>
  parse(readFileSync(join(FIXTURES, "openapi", file), "utf8")) as Record<string, unknown>;
const FOO_GV = "apis/samplecontroller.k8s.io/v1alpha1";
const GADGET_GV = "apis/gadgets.example.com/v1";
const DIAL_GV = "apis/scaled.example.com/v1";

/** A JSON answer's body (the helper parses it when the content type is JSON, as 1.37's documents are). */
function json(a: Answer): Obj {
  return (typeof a.body === "string" || Buffer.isBuffer(a.body) ? JSON.parse(String(a.body)) : a.body) as Obj;
}

/** The recorded CRD documents and answers of `release` (record-openapi.py). */
function recorded(release: Release): Obj {
  const dir = release === "1.24" ? "openapi" : "openapi-1.37";
  return JSON.parse(gunzipSync(readFileSync(join(FIXTURES, dir, "real-openapi-crds.json.gz"))).toString("utf8")) as Obj;
}

function suite(release: Release): void {
  const REAL = recorded(release);
  let server: TestApiServer;
  const get = (path: string, headers: Record<string, string> = {}): Promise<Answer> =>
    send({ url: server.url, caPem: server.caPem }, "GET", path, { Authorization: `Bearer ${server.token}`, ...headers });

  before(async () => {
    // Foo (nullable, required), Gadget (status, nested nullable objects, list types) and Dial (cluster
    // scope, scale, int-or-string, embedded resources, defaults, an unserved version), as recorded.
    const dials = JSON.parse(readFileSync(join(FIXTURES, "openapi/dials-crd.json"), "utf8")) as Record<string, unknown>;
    server = await startTestApiServer({
      emulate: release,
      crds: [crd("foos-crd-as-recorded.yaml"), crd("gadgets-crd-as-recorded.yaml"), dials],
    });
  });
  after(async () => {
    releaseAgent({ url: server.url, caPem: server.caPem });
    await server.stop();
  });

  /** The recorded headers that do not vary between runs. */
  function stableHeaders(h: Obj): Obj {
    const { "last-modified": _lm, expires: _e, etag: _t, location: _l, connection: _c, ...rest } = h;
    return rest;
  }

  function headersOf(a: Answer): Obj {
    const h: Obj = {};
    for (const [k, v] of Object.entries(a.headers))
      if (!["date", "audit-id", "content-length", "connection", "last-modified", "expires", "etag", "location", "keep-alive"].includes(k))
        h[k] = k === "vary" && typeof v === "string" ? v.split(", ") : v;
    return h;
  }

  async function discovery(): Promise<Record<string, { serverRelativeURL: string }>> {
    const a = await get("/openapi/v3");
    assert.equal(a.status, 200);
    return json(a).paths;
  }

  test("/openapi/v3 lists the served built-in group-versions and each served CRD version, with hashes, as the real server", async () => {
    const paths = await discovery();
    for (const gv of [
      "api/v1",
      "apis/apps/v1",
      "apis/coordination.k8s.io/v1",
      "apis/events.k8s.io/v1",
      "apis/apiextensions.k8s.io/v1",
      FOO_GV,
      GADGET_GV,
    ]) {
      assert.ok(REAL["v3DiscoveryPaths"].includes(gv), gv);
      assert.match(paths[gv]?.serverRelativeURL ?? "", new RegExp(`^/openapi/v3/${gv.replaceAll(".", "\\.")}\\?hash=[0-9A-F]{128}$`));
    }
    // As on the real server, a CRD's group has no group-level entry.
    assert.equal(paths["apis/samplecontroller.k8s.io"], undefined);
    assert.deepEqual(
      Object.keys(REAL["v3DiscoveryCrdEntries"]).sort(),
      Object.keys(paths)
        .filter((k) => k.includes("samplecontroller") || k.includes("gadgets") || k.includes("scaled"))
        .sort(),
    );
  });

  test("a v3 group-version document answers with the real server's headers: immutable by hash, no-cache without, 301 for a stale hash", async () => {
    const url = (await discovery())[FOO_GV]!.serverRelativeURL;
    const hash = url.split("hash=")[1];
    const withHash = await get(url, { Accept: "application/json" });
    assert.equal(withHash.status, 200);
    assert.deepEqual(headersOf(withHash), stableHeaders(REAL["answers"]["v3 gv with hash, Accept application/json"].headers));
    assert.equal(withHash.headers.etag, `"${hash}"`);
    assert.match(String(withHash.headers.expires), / UTC$/);
    const plain = await get(`/openapi/v3/${FOO_GV}`);
    assert.deepEqual(headersOf(plain), stableHeaders(REAL["answers"]["v3 gv without hash"].headers));
    const stale = await get(`/openapi/v3/${FOO_GV}?hash=ABC`);
    assert.equal(stale.status, 301);
    assert.equal(stale.headers.location, url);
    assert.deepEqual(headersOf(stale), stableHeaders(REAL["answers"]["v3 gv wrong hash"].headers));
    assert.equal((await get(url, { "If-None-Match": `"${hash}"` })).status, 304);
    assert.equal((await get(url, { Accept: "application/foo" })).status, REAL["answers"]["v3 gv unknown accept"].status);
    assert.equal((await get("/openapi/v3/apis/nope.example.com/v1")).status, REAL["answers"]["v3 unknown gv"].status);
    assert.equal((await get("/openapi/v3/apis/samplecontroller.k8s.io")).status, REAL["answers"]["v3 group without version"].status);
  });

  for (const [gv, kinds] of [
    [FOO_GV, ["io.k8s.samplecontroller.v1alpha1.Foo", "io.k8s.samplecontroller.v1alpha1.FooList"]],
    [GADGET_GV, ["com.example.gadgets.v1.Gadget", "com.example.gadgets.v1.GadgetList"]],
    [DIAL_GV, ["com.example.scaled.v1.Dial", "com.example.scaled.v1.DialList", "io.k8s.api.autoscaling.v1.Scale"]],
  ] as const) {
    test(`the v3 document of ${gv} has the real server's paths, operations and converted schemas`, async () => {
      const ours = json(await get(`/openapi/v3/${gv}`));
      const real = REAL["v3"][gv] as Obj;
      assert.equal(ours["openapi"], real["openapi"]);
      assert.deepEqual(ours["info"], real["info"]);
      assert.deepEqual(Object.keys(ours["paths"]).sort(), Object.keys(real["paths"]).sort());
      for (const [path, ops] of Object.entries(real["paths"] as Obj)) {
        assert.deepEqual(ours["paths"][path]["parameters"], ops["parameters"], `${path} parameters`);
        for (const [m, op] of Object.entries(ops as Obj)) {
          if (m === "parameters") continue;
          assert.deepEqual(ours["paths"][path][m], op, `${m} ${path}`);
        }
      }
      for (const k of kinds) assert.deepEqual(ours["components"]["schemas"][k], real["components"]["schemas"][k], k);
      // And every schema the document carries (the meta types its kinds refer to), as the real server's.
      for (const [k, schema] of Object.entries(real["components"]["schemas"] as Obj))
        assert.deepEqual(ours["components"]["schemas"][k], schema, k);
      assert.deepEqual(Object.keys(ours["components"]["schemas"]).sort(), Object.keys(real["components"]["schemas"]).sort());
    });
  }

  test("the built-in v3 documents are the recorded ones, trimmed to the resources the test server serves", async () => {
    const paths = await discovery();
    for (const gv of ["apis/coordination.k8s.io/v1", "apis/apps/v1"]) {
      const ours = json(await get(paths[gv]!.serverRelativeURL));
      const real: Obj = recordedV3(release, gv);
      for (const [p, ops] of Object.entries(ours["paths"] as Obj)) assert.deepEqual(ops, real["paths"][p], p);
      for (const [name, s] of Object.entries(ours["components"]["schemas"] as Obj))
        assert.deepEqual(s, real["components"]["schemas"][name], name);
      assert.ok(Object.keys(ours["paths"]).length > 0);
    }
    const apps = json(await get(`/openapi/v3/apis/apps/v1`));
    assert.ok(apps["paths"]["/apis/apps/v1/namespaces/{namespace}/deployments/{name}/scale"]);
    assert.ok(apps["paths"]["/apis/apps/v1/namespaces/{namespace}/statefulsets/{name}/scale"]);
    // 1.37 serves MutatingAdmissionPolicy in v1, so publishes its paths (1.24 had no admission policies).
    if (release === "1.37") {
      const policies = json(await get(paths["apis/admissionregistration.k8s.io/v1"]!.serverRelativeURL));
      assert.ok(policies["paths"]["/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicies"]);
      assert.ok(policies["paths"]["/apis/admissionregistration.k8s.io/v1/mutatingadmissionpolicies"]);
    }
  });

  test("/openapi/v2 is JSON with the real server's headers, the CRDs' paths and definitions included; protobuf-only is 406", async () => {
    const a = await get("/openapi/v2");
    assert.equal(a.status, 200);
    assert.deepEqual(headersOf(a), stableHeaders(REAL["answers"]["v2 json"].headers));
    assert.match(String(a.headers.etag), /^"[0-9A-F]{128}"$/);
    const doc = json(a);
    const real = REAL["v2"] as Obj;
    for (const k of ["swagger", "info", "securityDefinitions", "security"]) assert.deepEqual(doc[k], real[k], k);
    for (const [path, ops] of Object.entries(real["crdPaths"] as Obj)) {
      assert.ok(doc["paths"][path], path);
      for (const [m, op] of Object.entries(ops as Obj)) assert.deepEqual(doc["paths"][path][m], op, `${m} ${path}`);
    }
    // The CRD kinds, their lists and the builder's _v2 copies of the meta types, exactly as recorded.
    for (const [name, def] of Object.entries(real["crdDefinitions"] as Obj)) assert.deepEqual(doc["definitions"][name], def, name);
    // Built-in paths and definitions are the recorded document's.
    const swagger: Obj = recordedV2(release);
    for (const p of [
      "/api/v1/namespaces/{namespace}/configmaps",
      "/apis/apps/v1/namespaces/{namespace}/deployments/{name}/scale",
      "/apis/coordination.k8s.io/v1/watch/leases",
    ])
      assert.deepEqual(doc["paths"][p], swagger["paths"][p], p);
    for (const d of ["io.k8s.api.core.v1.Pod", "io.k8s.api.apps.v1.Deployment", "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta"])
      assert.deepEqual(doc["definitions"][d], swagger["definitions"][d], d);
    const pb = await get("/openapi/v2", { Accept: "application/com.github.proto-openapi.spec.v2@v1.0+protobuf" });
    assert.equal(pb.status, 406);
    assert.equal((await get("/openapi/v2", { Accept: "application/foo" })).status, REAL["answers"]["v2 unknown accept"].status);
  });

  test("a CRD created at run time appears in v2 and v3; the changed documents get new hashes, the others keep theirs", async () => {
    const before = await discovery();
    const v2Before = (await get("/openapi/v2")).headers.etag;
    const traefik = parse(
      readFileSync(
        join(import.meta.dirname, "../../generated-examples/traefik-service/config/crd/bases/traefik.magedu.com_traefikservices.yaml"),
        "utf8",
      ),
    ) as Record<string, unknown>;
    const created = await send(
      { url: server.url, caPem: server.caPem },
      "POST",
      "/apis/apiextensions.k8s.io/v1/customresourcedefinitions",
      { Authorization: `Bearer ${server.token}`, "Content-Type": "application/json" },
      JSON.stringify(traefik),
    );
    assert.equal(created.status, 201);
    const after = await discovery();
    assert.ok(after["apis/traefik.magedu.com/v1"], "new group-version listed");
    assert.equal(before["apis/traefik.magedu.com/v1"], undefined);
    assert.equal(after[FOO_GV]!.serverRelativeURL, before[FOO_GV]!.serverRelativeURL);
    assert.equal(after["api/v1"]!.serverRelativeURL, before["api/v1"]!.serverRelativeURL);
    const v2 = await get("/openapi/v2");
    assert.notEqual(v2.headers.etag, v2Before);
    assert.ok(json(v2)["definitions"]["com.magedu.traefik.v1.TraefikService"]);
    const v3 = json(await get(after["apis/traefik.magedu.com/v1"].serverRelativeURL));
    assert.ok(v3["components"]["schemas"]["com.magedu.traefik.v1.TraefikService"]["x-kubernetes-group-version-kind"]);
    const gone = await send(
      { url: server.url, caPem: server.caPem },
      "DELETE",
      `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${String((traefik["metadata"] as Obj)["name"])}`,
      { Authorization: `Bearer ${server.token}` },
    );
    assert.equal(gone.status, 200);
    assert.equal((await discovery())["apis/traefik.magedu.com/v1"], undefined);
  });
}

for (const release of RELEASES) describe(`emulating ${release}`, () => suite(release));
