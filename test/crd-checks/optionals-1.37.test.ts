// x-kubernetes-validations with cel-go's optional types, against kube-apiserver 1.37.2's answers
// (test/fixtures/apiserver-1.37/crd-optionals.json, recorded by scripts/record-crd-optionals-1.37.ts):
// each recorded request is sent to the test server, which must answer with the same status, and for
// a Status the same message and causes (how the rule compiled, what it cost, what it said).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { releaseAgent, send } from "../testing/transcript-http.js";

interface Exchange {
  step: string;
  request: { method: string; path: string; body?: unknown };
  response: { status: number; body?: Record<string, unknown> };
}
const RECORDED = (
  JSON.parse(readFileSync(new URL("../fixtures/apiserver-1.37/crd-optionals.json", import.meta.url), "utf8")) as { exchanges: Exchange[] }
).exchanges;

let server: TestApiServer;
before(async () => {
  server = await startTestApiServer({ crds: [] });
});
after(async () => {
  releaseAgent({ url: server.url, caPem: server.caPem });
  await server.stop();
});

test("the recording has rules accepted and refused, and objects allowed and denied", () => {
  const statuses = RECORDED.map((x) => x.response.status);
  assert.ok(statuses.filter((s) => s === 201).length >= 5 && statuses.filter((s) => s === 422).length >= 8, JSON.stringify(statuses));
});

/** What a test compares of an answer: the status, and a Status's message and causes. */
function essence(status: number, body: Record<string, unknown> | undefined): unknown {
  if (body?.["kind"] !== "Status") return { status, kind: body?.["kind"] };
  return { status, message: body["message"], causes: (body["details"] as { causes?: unknown } | undefined)?.causes };
}

test("each request is answered as kube-apiserver 1.37.2 answered it", async () => {
  const target = { url: server.url, caPem: server.caPem };
  for (const x of RECORDED) {
    const got = await send(
      target,
      x.request.method,
      x.request.path,
      { Authorization: `Bearer ${server.token}`, "Content-Type": "application/json" },
      JSON.stringify(x.request.body),
    );
    assert.deepEqual(essence(got.status, got.body as Record<string, unknown>), essence(x.response.status, x.response.body), x.step);
    // The Gadget CRD is served at once by the test server; nothing to wait for.
  }
});
