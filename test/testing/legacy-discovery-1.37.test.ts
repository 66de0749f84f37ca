// The legacy discovery documents (/api/v1, /apis/GROUP/VERSION) of every group version the test server
// serves, against kube-apiserver 1.37.2's (test/fixtures/apiserver-1.37/legacy-discovery.json, from
// scripts/record-discovery-1.37.ts): the same resources, subresources, verbs, names (a built-in's
// singularName is filled since 1.27), in the same order, with the same bytes once parsed. Under
// emulate "1.24" a built-in's singularName stays empty, as that server's was.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { releaseAgent, send } from "./transcript-http.js";

const RECORDED = JSON.parse(readFileSync(join(import.meta.dirname, "../fixtures/apiserver-1.37/legacy-discovery.json"), "utf8")) as Record<
  string,
  unknown
>;

let server: TestApiServer;
before(async () => {
  server = await startTestApiServer({ crds: [], authorization: "RBAC" });
});
after(async () => {
  releaseAgent({ url: server.url, caPem: server.caPem });
  await server.stop();
});

/** Resources 1.37.2 lists that the test server does not serve (its documents are compared without them): none now. */
const NOT_SERVED: Record<string, readonly string[]> = {};

for (const [path, recorded] of Object.entries(RECORDED))
  test(`GET ${path} answers as kube-apiserver 1.37.2`, async () => {
    const got = await send({ url: server.url, caPem: server.caPem }, "GET", path, { Authorization: `Bearer ${server.token}` });
    assert.equal(got.status, 200);
    const skipped = new Set(NOT_SERVED[path] ?? []);
    const doc = recorded as { resources: { name: string }[] };
    const expected = { ...doc, resources: doc.resources.filter((r) => !skipped.has(r.name)) };
    // Compared as text: the order of resources and of each entry's fields is the real server's too.
    assert.equal(JSON.stringify(got.body, null, 1), JSON.stringify(expected, null, 1));
    // A resource the list names as not served must still be missing: once served, it leaves the list.
    const served = new Set((got.body as { resources: { name: string }[] }).resources.map((r) => r.name));
    assert.deepEqual(
      [...skipped].filter((n) => served.has(n)),
      [],
    );
  });

test('under emulate "1.24" a built-in resource has no singularName and there is no SelfSubjectReview, as 1.24 answered', async () => {
  const old = await startTestApiServer({ crds: [], emulate: "1.24" });
  try {
    for (const path of ["/api/v1", "/apis/apps/v1"]) {
      const got = await send({ url: old.url, caPem: old.caPem }, "GET", path, { Authorization: `Bearer ${old.token}` });
      const resources = (got.body as { resources: { name: string; singularName: string }[] }).resources;
      assert.ok(resources.length > 0);
      assert.deepEqual(
        resources.filter((r) => r.singularName !== ""),
        [],
        path,
      );
    }
    // SelfSubjectReview reached v1 in 1.28: 1.24's authentication.k8s.io/v1 has only TokenReview.
    const auth = await send({ url: old.url, caPem: old.caPem }, "GET", "/apis/authentication.k8s.io/v1", {
      Authorization: `Bearer ${old.token}`,
    });
    assert.deepEqual(
      (auth.body as { resources: { name: string }[] }).resources.map((r) => r.name),
      ["tokenreviews"],
    );
  } finally {
    releaseAgent({ url: old.url, caPem: old.caPem });
    await old.stop();
  }
});
