// A CRD's conversion webhook called by the test server, against what a real kube-apiserver 1.37.2 did
// with the same webhooks (test/fixtures/apiserver-1.37/conversion.json, recorded by
// scripts/record-conversion-1.37.ts): writes and reads at the served and the storage version give the
// same objects, and every way the webhook can fail gives the same status and message on a write, a GET
// and a LIST. The ConversionReviews themselves are not compared call for call: the real server's watch
// cache converts in the background at times of its own, so the recorded calls are not a sequence a
// replay can match; that the objects read back are the webhook's conversions shows they were made.
// Then the round trip the issue asks for, through this repository's runtime Converter.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { Converter, type KubeObject } from "../../runtime/src/index.js";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { CONVERSION_HANDLERS, type ConversionRequest } from "../fixtures/apiserver-1.37/conversion-webhooks.js";
import { releaseAgent, send, type Answer } from "./transcript-http.js";
import { comparable, differences, serveHooks, type ServedHooks } from "./webhook-replay.js";

type Json = Record<string, unknown>;

interface Exchange {
  step: string;
  request: { method: string; path: string; contentType?: string; body?: unknown };
  response: { status: number; body?: unknown };
}

const recorded = JSON.parse(readFileSync(join(import.meta.dirname, "../fixtures/apiserver-1.37/conversion.json"), "utf8")) as {
  exchanges: Exchange[];
};

/** The recording's webhook address and caBundle (the CRD's conversion clientConfig). */
function recordedEndpoint(): { base: string; caBundle: string } {
  const spec = (recorded.exchanges[0]?.request.body as Json)["spec"] as Json;
  const cc = ((spec["conversion"] as Json)["webhook"] as Json)["clientConfig"] as Json;
  return { base: new URL(String(cc["url"])).origin, caBundle: String(cc["caBundle"]) };
}

let api: TestApiServer;
let hooks: ServedHooks;
/** What the round-trip test's webhook does: this repository's runtime Converter, or the recorded handlers. */
let runtimeConverter: Converter | undefined;

before(async () => {
  api = await startTestApiServer({ crds: [] });
  hooks = await serveHooks((url, review) => {
    if (runtimeConverter) return { body: runtimeConverter.review(review).body };
    const handler = CONVERSION_HANDLERS[url.split("?")[0] ?? ""];
    const a = handler ? handler(review["request"] as ConversionRequest) : { status: 404, raw: "not found" };
    return a.raw !== undefined
      ? { status: a.status ?? 200, raw: a.raw }
      : { body: { apiVersion: review["apiVersion"], kind: "ConversionReview", response: a.response } };
  });
});
after(async () => {
  releaseAgent({ url: api.url, caPem: api.caPem });
  await api.stop();
  await hooks.close();
});

function call(method: string, path: string, body?: unknown, contentType = "application/json"): Promise<Answer> {
  return send(
    { url: api.url, caPem: api.caPem },
    method,
    path,
    { Authorization: `Bearer ${api.token}`, ...(body !== undefined ? { "Content-Type": contentType } : {}) },
    body === undefined ? undefined : JSON.stringify(body),
  );
}

test("conversion webhooks as the real 1.37.2 calls them: every recorded exchange, replayed in order, answers as recorded", async () => {
  const from = recordedEndpoint();
  const problems: string[] = [];
  for (const e of recorded.exchanges) {
    const got = await call(e.request.method, e.request.path, hooks.swap(e.request.body, from), e.request.contentType);
    if (got.status !== e.response.status)
      problems.push(`${e.step}: status ${got.status}, recorded ${e.response.status}: ${JSON.stringify(got.body)}`);
    const diff = differences(comparable(got.body), comparable(hooks.swap(e.response.body, from)));
    if (diff.length > 0) problems.push(`${e.step}: got ≠ recorded at ${diff.join("; ")}`);
  }
  assert.deepEqual(problems, []);
});

test("a round trip v1 → v2 → v1 through the runtime's Converter loses nothing", async () => {
  runtimeConverter = new Converter([
    {
      group: "example.com",
      kind: "Doohickey",
      hub: "v2",
      spokes: {
        v1: {
          toHub: (o) => {
            const { replicas, ...rest } = ((o as Json)["spec"] ?? {}) as Json;
            return { ...o, spec: { ...rest, ...(replicas !== undefined ? { size: replicas } : {}) } } as KubeObject;
          },
          fromHub: (o) => {
            const { size, ...rest } = ((o as Json)["spec"] ?? {}) as Json;
            return { ...o, spec: { ...rest, ...(size !== undefined ? { replicas: size } : {}) } } as KubeObject;
          },
        },
      },
    },
  ]);
  const schema = (props: Json) => ({ openAPIV3Schema: { type: "object", properties: { spec: { type: "object", properties: props } } } });
  const crd = await call("POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", {
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    metadata: { name: "doohickeys.example.com" },
    spec: {
      group: "example.com",
      names: { plural: "doohickeys", singular: "doohickey", kind: "Doohickey", listKind: "DoohickeyList" },
      scope: "Namespaced",
      versions: [
        { name: "v1", served: true, storage: false, schema: schema({ replicas: { type: "integer" }, note: { type: "string" } }) },
        { name: "v2", served: true, storage: true, schema: schema({ size: { type: "integer" }, note: { type: "string" } }) },
      ],
      conversion: {
        strategy: "Webhook",
        webhook: { conversionReviewVersions: ["v1"], clientConfig: { url: `${hooks.base}/convert`, caBundle: hooks.caBundle } },
      },
    },
  });
  assert.equal(crd.status, 201);
  await api.settle();
  const path = (v: string) => `/apis/example.com/${v}/namespaces/default/doohickeys`;
  const written = {
    apiVersion: "example.com/v1",
    kind: "Doohickey",
    metadata: { name: "d", labels: { a: "b" } },
    spec: { replicas: 4, note: "kept" },
  };
  assert.equal((await call("POST", path("v1"), written)).status, 201);
  const atV2 = (await call("GET", `${path("v2")}/d`)).body as Json;
  assert.deepEqual(atV2["spec"], { size: 4, note: "kept" });
  const back = (await call("GET", `${path("v1")}/d`)).body as Json;
  assert.equal(back["apiVersion"], "example.com/v1");
  assert.deepEqual(back["spec"], written.spec);
  assert.deepEqual((back["metadata"] as Json)["labels"], { a: "b" });
  // An update at the hub is seen at the spoke, through the webhook.
  const updated = await call("PUT", `${path("v2")}/d`, { ...atV2, spec: { size: 7, note: "kept" } });
  assert.equal(updated.status, 200);
  assert.deepEqual(((await call("GET", `${path("v1")}/d`)).body as Json)["spec"], { replicas: 7, note: "kept" });
  runtimeConverter = undefined;
});
