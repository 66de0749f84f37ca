// The pieces together: the CRDs the generator writes for the bundled examples are accepted by the
// test API server, which then enforces what the markers say, with the same verdicts and field
// paths as `kube-codegen validate`; generated deep copies and the scheme work on what it returns.
import { test } from "node:test";
import assert from "node:assert/strict";
import { request } from "node:https";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse } from "yaml";
import { startTestApiServer } from "../../testing/src/index.js";
import { main } from "../../src/cli/main.js";
import { Console } from "../../src/cli/console.js";
import { Scheme } from "@kube-codegen/runtime";
import { addToScheme } from "../../generated-examples/sample-controller/apis/samplecontroller/v1alpha1/zz_generated.register.js";
import { tempDir } from "../helpers/fs.js";

const repo = resolve(import.meta.dirname, "../..");
const crdDir = join(repo, "generated-examples/sample-controller/config/crd/bases");
const crds = readdirSync(crdDir)
  .sort()
  .map((f) => parse(readFileSync(join(crdDir, f), "utf8")) as Record<string, unknown>);

function call(server: { url: string; token: string; caPem: string | undefined }, method: string, path: string, body?: unknown) {
  return new Promise<{ status: number; body: any }>((done, fail) => {
    const req = request(
      `${server.url}${path}`,
      {
        method,
        ca: server.caPem,
        headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json", accept: "application/json" },
      },
      (res) => {
        let text = "";
        res.on("data", (c: Buffer) => (text += c.toString("utf8")));
        res.on("end", () => done({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
      },
    );
    req.on("error", fail);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

test("generated CRDs are served, enforced like the real server, and agree with kube-codegen validate", async () => {
  const server = await startTestApiServer({ crds });
  try {
    const ns = await call(server, "POST", "/api/v1/namespaces", { apiVersion: "v1", kind: "Namespace", metadata: { name: "demo" } });
    assert.equal(ns.status, 201);
    const disc = await call(server, "GET", "/apis/samplecontroller.k8s.io/v1alpha1");
    assert.deepEqual(disc.body.resources.map((r: { name: string }) => r.name).sort(), ["foos", "foos/status"]);
    const bad = {
      apiVersion: "samplecontroller.k8s.io/v1alpha1",
      kind: "Foo",
      metadata: { name: "too-many" },
      spec: { deploymentName: "d", replicas: 11 },
      status: { availableReplicas: 0 },
    };
    const rejected = await call(server, "POST", "/apis/samplecontroller.k8s.io/v1alpha1/namespaces/demo/foos", bad);
    assert.equal(rejected.status, 422);
    assert.equal(rejected.body.reason, "Invalid");
    assert.deepEqual(
      rejected.body.details.causes.map((c: { field: string; reason: string }) => [c.field, c.reason]),
      [["spec.replicas", "FieldValueInvalid"]],
    );

    const good = { ...bad, metadata: { name: "example-foo" }, spec: { deploymentName: "example-foo", replicas: 1 } };
    const created = await call(server, "POST", "/apis/samplecontroller.k8s.io/v1alpha1/namespaces/demo/foos", good);
    assert.equal(created.status, 201);
    const scheme = addToScheme(new Scheme());
    const copy = scheme.deepCopy(created.body);
    assert.deepStrictEqual(copy, created.body);
    assert.notEqual(copy.metadata, created.body.metadata);

    // The same resources through `kube-codegen validate`: same verdicts, same field path and message.
    const dir = tempDir();
    mkdirSync(join(dir, "res"));
    writeFileSync(join(dir, "res/foos.json"), JSON.stringify({ apiVersion: "v1", kind: "List", items: [bad, good] }));
    const out = Console.memory();
    const code = await main(["validate", "--crds", crdDir, join(dir, "res/foos.json")], out, dir);
    assert.equal(code, 1);
    const text = out.stdout.join("\n");
    const cause = rejected.body.details.causes[0];
    assert.ok(text.includes(`Foo too-many: spec.replicas: ${cause.message}`), text);
    assert.match(text, /2 resources checked: 1 valid, 1 invalid/);
  } finally {
    await server.stop();
  }
});

test("validate: paths that do not exist are usage errors", async () => {
  const out = Console.memory();
  assert.equal(await main(["validate", "--crds", "/nonexistent-crds", join(repo, "README.md")], out, repo), 2);
  assert.match(out.stderr.join("\n"), /\/nonexistent-crds does not exist/);
});

test("validate names each item of a List and says plainly when YAML does not parse", async () => {
  const dir = tempDir();
  const bad = (name: string, replicas: number) => ({
    apiVersion: "samplecontroller.k8s.io/v1alpha1",
    kind: "Foo",
    metadata: { name },
    spec: { deploymentName: "d", replicas },
    status: { availableReplicas: 0 },
  });
  writeFileSync(join(dir, "list.json"), JSON.stringify({ apiVersion: "v1", kind: "List", items: [bad("a", 1), bad("b", 12)] }));
  writeFileSync(join(dir, "broken.yaml"), "a: b: c\n");
  const out = Console.memory();
  assert.equal(await main(["validate", "--crds", crdDir, join(dir, "list.json"), join(dir, "broken.yaml")], out, dir), 1);
  const text = out.stdout.join("\n");
  assert.ok(text.includes("list.json[0].items[1] Foo b: spec.replicas: Invalid value: 12"), text);
  assert.match(text, /broken\.yaml\[0\]: invalid YAML: [^\n]*[^:\n]\n/);
});
