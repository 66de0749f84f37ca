// CRD and custom-resource refusals that print compound values, against kube-apiserver 1.37.2's answers
// (test/fixtures/apiserver-1.37/crd-validation.json, recorded by scripts/record-crd-validation-1.37.ts):
// each recorded request is sent to the test server, which must answer with the same status, and for
// a Status the same message and causes, each value printed as 1.37 prints it (JSON, not Go's %#v).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { releaseAgent } from "../testing/transcript-http.js";
import { recording, replay } from "../testing/recorded-1.37.js";

const RECORDED = recording("crd-validation.json");

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

test("each request is answered as kube-apiserver 1.37.2 answered it", async () => {
  // The Sprocket CRD is served at once by the test server; nothing to wait for. Warnings are not
  // compared: the CRD strategy's "unrecognized format" warning is not modelled.
  assert.deepEqual(await replay(server, RECORDED, false), []);
});
