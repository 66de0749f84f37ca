// The built-in kinds' validation messages, against what a real kube-apiserver 1.37.2 answered
// (test/fixtures/apiserver-1.37/builtin-validation.json, recorded by
// scripts/record-builtin-validation-1.37.ts from the cases in builtin-validation-cases.ts): the same
// invalid writes, replayed in order against the test server at its default emulation, give the same
// status and the same Status body (code, reason, message, details with every cause). Only the random
// suffix of a generated name is masked. The cases the test server does not model yet are listed in
// NOT_MODELLED with what is missing; they are skipped, not compared. Under emulate "1.24" the same
// metadata checks keep 1.24's wording (the 1.24 transcripts hold that; one case is checked here).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { CASES, PRELUDE, type CaseRequest } from "../fixtures/apiserver-1.37/builtin-validation-cases.js";
import { releaseAgent, send, type Answer } from "./transcript-http.js";

interface Recorded {
  status: number;
  body: Record<string, unknown>;
}

const RECORDED = (
  JSON.parse(readFileSync(new URL("../fixtures/apiserver-1.37/builtin-validation.json", import.meta.url), "utf8")) as {
    answers: Record<string, Recorded>;
  }
).answers;

/** Recorded cases whose rule the test server does not implement, and what it lacks. */
const NOT_MODELLED: ReadonlyMap<string, string> = new Map([
  ["pod-image-change-ok-name-change-bad", "Pod update validation (which fields may change, and the diff it prints)"],
]);

let server: TestApiServer;

before(async () => {
  server = await startTestApiServer({ crds: [] });
  for (const r of PRELUDE) await call(server, r);
});
after(async () => {
  releaseAgent({ url: server.url, caPem: server.caPem });
  await server.stop();
});

function call(s: TestApiServer, r: CaseRequest): Promise<Answer> {
  const headers: Record<string, string> = { Authorization: `Bearer ${s.token}` };
  if (r.body !== undefined) headers["Content-Type"] = r.contentType ?? "application/json";
  return send({ url: s.url, caPem: s.caPem }, r.method, r.path, headers, r.body === undefined ? undefined : JSON.stringify(r.body));
}

/** The answer as recorded: a Status whole, anything else by its kind; generated name suffixes masked. */
function comparable(status: number, body: unknown): Recorded {
  const b = (body ?? {}) as Record<string, unknown>;
  const kept = b["kind"] === "Status" ? b : { kind: b["kind"] };
  // generateName's five random characters (the server's alphabet) differ on every run, and so does
  // the cluster IP the real allocator picks (the test server's is the lowest free one).
  const text = JSON.stringify(kept)
    .replace(/(Bad_|a\.b-)[bcdfghjklmnpqrstvwxz2456789]{5}/g, "$1XXXXX")
    .replace(/(IPAddress\.networking\.k8s\.io \\")10\.0\.0\.\d+/g, "$110.0.0.X");
  return { status, body: JSON.parse(text) as Record<string, unknown> };
}

for (const c of CASES) {
  const skip = NOT_MODELLED.get(c.name);
  test(`${c.name} answers as kube-apiserver 1.37.2`, { skip: skip ? `not modelled: ${skip}` : false }, async () => {
    const recorded = RECORDED[c.name];
    assert.ok(recorded, `no recorded answer for ${c.name}`);
    for (const r of c.setup) await call(server, r);
    const got = await call(server, c.step);
    assert.deepEqual(comparable(got.status, got.body), comparable(recorded.status, recorded.body));
  });
}

test("under emulate 1.24 the metadata checks keep 1.24's wording", async () => {
  const old = await startTestApiServer({ crds: [], emulate: "1.24" });
  try {
    for (const r of PRELUDE) await call(old, r);
    const ref = { apiVersion: "v1", kind: "ConfigMap", name: "o" };
    const r = await call(old, {
      method: "POST",
      path: "/api/v1/namespaces/vm/configmaps",
      body: {
        apiVersion: "v1",
        kind: "ConfigMap",
        metadata: { name: "c", ownerReferences: [ref], annotations: { a: "x".repeat(256 * 1024) } },
      },
    });
    assert.equal(r.status, 422);
    assert.deepEqual(((r.body as Record<string, Record<string, unknown>>)["details"] ?? {})["causes"], [
      { reason: "FieldValueTooLong", field: "metadata.annotations", message: "Too long: must have at most 262144 bytes" },
      { reason: "FieldValueInvalid", field: "metadata.ownerReferences.uid", message: 'Invalid value: "": uid must not be empty' },
    ]);
  } finally {
    releaseAgent({ url: old.url, caPem: old.caPem });
    await old.stop();
  }
});
