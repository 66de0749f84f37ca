// CRD and custom-resource refusals that print compound values, against kube-apiserver 1.37.2's answers
// (test/fixtures/apiserver-1.37/crd-validation.json, recorded by scripts/record-crd-validation-1.37.ts):
// each recorded request is sent to the test server, which must answer with the same status, and for
// a Status the same message and causes, each value printed as 1.37 prints it (JSON, not Go's %#v).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { releaseAgent, send } from "../testing/transcript-http.js";

interface Exchange {
  step: string;
  request: { method: string; path: string; body?: unknown };
  response: { status: number; body?: Record<string, unknown> };
}
const RECORDED = (
  JSON.parse(readFileSync(new URL("../fixtures/apiserver-1.37/crd-validation.json", import.meta.url), "utf8")) as { exchanges: Exchange[] }
).exchanges;

let server: TestApiServer;
before(async () => {
  server = await startTestApiServer({ crds: [] });
});
after(async () => {
  releaseAgent({ url: server.url, caPem: server.caPem });
  await server.stop();
});

test("the recording has CRDs and custom resources accepted and refused", () => {
  const crds = RECORDED.filter((x) => x.request.path.includes("customresourcedefinitions")).map((x) => x.response.status);
  const crs = RECORDED.filter((x) => x.request.path.includes("/sprockets")).map((x) => x.response.status);
  assert.ok(crds.filter((s) => s === 201).length >= 10 && crds.filter((s) => s === 422).length >= 20, JSON.stringify(crds));
  assert.ok(crs.filter((s) => s === 422).length >= 6, JSON.stringify(crs));
});

/** What a test compares of an answer: the status, and a Status's message and causes. */
function essence(status: number, body: Record<string, unknown> | undefined): unknown {
  if (body?.["kind"] !== "Status") return { status, kind: body?.["kind"] };
  return { status, message: body["message"], causes: (body["details"] as { causes?: unknown } | undefined)?.causes };
}

test("each request is answered as kube-apiserver 1.37.2 answered it", async () => {
  const target = { url: server.url, caPem: server.caPem };
  const differ: string[] = [];
  for (const x of RECORDED) {
    const got = await send(
      target,
      x.request.method,
      x.request.path,
      { Authorization: `Bearer ${server.token}`, "Content-Type": "application/json" },
      JSON.stringify(x.request.body),
    );
    const [g, w] = [essence(got.status, got.body as Record<string, unknown>), essence(x.response.status, x.response.body)];
    if (!isDeepStrictEqual(g, w)) differ.push(`${x.step}\n  want ${JSON.stringify(w)}\n  got  ${JSON.stringify(g)}`);
    // The Sprocket CRD is served at once by the test server; nothing to wait for.
  }
  assert.deepEqual(differ, []);
});
