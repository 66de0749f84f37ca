// Where a failed rule's fieldPath puts its error, against kube-apiserver 1.37.2's answers
// (test/fixtures/apiserver-1.37/rule-field-paths.json, recorded by
// scripts/record-rule-field-paths-1.37.ts): the fieldPath resolved through the schema into a
// field.Path (`['b.c']` is `.b.c`, a map key `[key]` however written, `labels.[k]` when the path
// starts with a key). Under emulate 1.24, which drops fieldPath, the error stays at the rule.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { TestApiServer } from "../../testing/src/index.js";
import { PATH_CRD } from "../fixtures/apiserver-1.37/rule-field-paths-cases.js";
import { bothServers, call, recording, replay } from "./recorded-1.37.js";

const OBJECTS = recording("rule-field-paths.json").filter((x) => x.step.startsWith("object: "));
const CRDS = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";

/** Installs the Path CRD, as the recording did first. */
async function installPathCrd(s: TestApiServer): Promise<void> {
  assert.equal((await call(s, "POST", CRDS, PATH_CRD)).status, 201);
}

const servers = bothServers(installPathCrd);

test("the recording places errors by normalized field paths", () => {
  const fields = OBJECTS.flatMap((x) => (x.response.body?.["details"] as { causes: { field: string }[] }).causes.map((c) => c.field));
  for (const f of ["spec.b.c", "spec.labels[x.y]", "spec.labels[foo]", "spec.nested.x.y", "spec.labels.[k]", "spec.ports[1].name"])
    assert.ok(fields.includes(f), f);
});

test("each failed rule is placed where kube-apiserver 1.37.2 places it", async () => {
  assert.deepEqual(await replay(servers.server, OBJECTS), []);
});

test("under emulate 1.24 a rule's error stays at the rule", async () => {
  const x = OBJECTS.find((o) => o.step === "object: map key with a dot")!;
  const got = await call(servers.legacy, "POST", x.request.path, x.request.body);
  assert.equal(got.status, 422);
  const causes = (got.body as { details: { causes: { field: string; message: string }[] } }).details.causes;
  assert.ok(
    causes.some((c) => c.field === "spec" && c.message.includes("map key with a dot")),
    JSON.stringify(causes),
  );
});
