// A CRD's selectableFields, against kube-apiserver 1.37.2's answers
// (test/fixtures/apiserver-1.37/selectable-fields.json, recorded by
// scripts/record-selectable-fields-1.37.ts): each CRD is validated as the real server validates it,
// and a list of custom resources with a field selector on a selectable field gives the same objects
// (or the same 400 for a field that is not selectable). Under emulate 1.24 there are no selectable fields.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { LAMP_CRD } from "../fixtures/apiserver-1.37/selectable-fields-cases.js";
import { releaseAgent, send } from "./transcript-http.js";

interface Exchange {
  step: string;
  request: { method: string; path: string; body?: unknown };
  response: { status: number; body?: Record<string, unknown> };
}
const RECORDED = (
  JSON.parse(readFileSync(new URL("../fixtures/apiserver-1.37/selectable-fields.json", import.meta.url), "utf8")) as {
    exchanges: Exchange[];
  }
).exchanges;

let server: TestApiServer;
let legacy: TestApiServer;
before(async () => {
  server = await startTestApiServer({ crds: [] });
  legacy = await startTestApiServer({ crds: [], emulate: "1.24" });
});
after(async () => {
  for (const s of [server, legacy]) {
    releaseAgent({ url: s.url, caPem: s.caPem });
    await s.stop();
  }
});

/** What a test compares of an answer: the status, a Status's message and causes, a list's names. */
function essence(status: number, body: Record<string, unknown> | undefined): unknown {
  if (body?.["kind"] === "Status")
    return { status, message: body["message"], causes: (body["details"] as { causes?: unknown } | undefined)?.causes };
  const items = body?.["items"] as { metadata: { name: string } }[] | undefined;
  return { status, kind: body?.["kind"], ...(items ? { names: items.map((i) => i.metadata.name) } : {}) };
}

const call = (s: TestApiServer, method: string, path: string, body?: unknown) =>
  send(
    { url: s.url, caPem: s.caPem },
    method,
    path,
    { Authorization: `Bearer ${s.token}`, "Content-Type": "application/json" },
    body === undefined ? undefined : JSON.stringify(body),
  );

test("the recording refuses some CRDs and some selectors, and filters by every selectable field type", () => {
  const lists = RECORDED.filter((x) => x.step.startsWith("list "));
  assert.ok(RECORDED.filter((x) => x.response.status === 422).length >= 8);
  assert.ok(lists.filter((x) => x.response.status === 400).length >= 2);
  assert.ok(lists.some((x) => x.step.includes("spec.watts")) && lists.some((x) => x.step.includes("spec.on")));
});

test("each request is answered as kube-apiserver 1.37.2 answered it", async () => {
  const differ: string[] = [];
  for (const x of RECORDED) {
    const got = await call(server, x.request.method, x.request.path, x.request.body);
    const [g, w] = [essence(got.status, got.body as Record<string, unknown>), essence(x.response.status, x.response.body)];
    if (!isDeepStrictEqual(g, w)) differ.push(`${x.step}\n  want ${JSON.stringify(w)}\n  got  ${JSON.stringify(g)}`);
  }
  assert.deepEqual(differ, []);
});

test("under emulate 1.24 a CRD's selectableFields are dropped and select nothing", async () => {
  assert.equal((await call(legacy, "POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", LAMP_CRD)).status, 201);
  const crd = await call(legacy, "GET", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/lamps.example.com");
  const versions = (crd.body as { spec: { versions: Record<string, unknown>[] } }).spec.versions;
  assert.equal(versions[0]?.["selectableFields"], undefined);
  const list = await call(legacy, "GET", "/apis/example.com/v1/namespaces/default/lamps?fieldSelector=spec.color%3Dred");
  assert.equal(list.status, 400);
  assert.equal((list.body as { message: string }).message, "field label not supported: spec.color");
});
