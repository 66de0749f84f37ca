// x-kubernetes-validations with cel-go's optional types, against kube-apiserver 1.37.2's answers
// (test/fixtures/apiserver-1.37/crd-optionals.json, recorded by scripts/record-crd-optionals-1.37.ts):
// each recorded request is sent to the test server, which must answer with the same status, and for
// a Status the same message and causes (how the rule compiled, what it cost, what it said).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { releaseAgent } from "../testing/transcript-http.js";
import { recording, replay } from "../testing/recorded-1.37.js";

const RECORDED = recording("crd-optionals.json");

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

test("each request is answered as kube-apiserver 1.37.2 answered it", async () => {
  // The Gadget CRD is served at once by the test server; nothing to wait for.
  assert.deepEqual(await replay(server, RECORDED), []);
});
