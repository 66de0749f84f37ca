// Importing @kube-codegen/testing and starting a server whose CRDs have no CEL rules and no patterns
// loads neither CEL (@bufbuild/cel) nor RE2 (@bufbuild/re2), both through apiextensions' on-demand
// entry, nor the protobuf codec (@bufbuild/protobuf and the upstream descriptors): they load when
// first needed, a CRD with x-kubernetes-validations or a pattern (given at start or written over
// HTTP), a ValidatingAdmissionPolicy (CEL, once one is written) or a request naming protobuf (issue 26; measured by
// bench/testing-startup.ts, not asserted here). Each case runs in a fresh process, since a loaded
// module stays loaded, with test/cli's hook recording every module; once on testing/dist (as a
// project installs it) and once on the sources, so a static import of a heavy part fails here even
// before a rebuild. Each case also checks the answers, so loading late changes nothing they see.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { staleReason } from "../../scripts/build-stamp.js";
import { tempDir } from "../helpers/fs.js";

const repo = resolve(import.meta.dirname, "../..");
const hook = pathToFileURL(join(repo, "test/cli/fixtures/record-loads.mjs")).href;
const tsx = import.meta.resolve("tsx");

/** What must load only on demand, each by a pattern over file URLs and paths. */
const heavy: Record<string, RegExp> = {
  "@bufbuild/cel": /\/node_modules\/@bufbuild\/cel\//,
  "@bufbuild/re2": /\/node_modules\/@bufbuild\/re2\//,
  "@bufbuild/protobuf": /\/node_modules\/@bufbuild\/protobuf\//,
  "the protobuf descriptors": /\/testing\/(src|dist)\/endpoints\/protobuf\/descriptors\.generated\.(ts|js)$/,
};

const CRD = {
  apiVersion: "apiextensions.k8s.io/v1",
  kind: "CustomResourceDefinition",
  metadata: { name: "widgets.example.com" },
  spec: {
    group: "example.com",
    names: { kind: "Widget", listKind: "WidgetList", plural: "widgets", singular: "widget" },
    scope: "Namespaced",
    versions: [
      {
        name: "v1",
        served: true,
        storage: true,
        schema: {
          openAPIV3Schema: {
            type: "object",
            properties: { spec: { type: "object", properties: { replicas: { type: "integer" } } } },
          },
        },
      },
    ],
  },
};

/** The same CRD with a pattern on a field. */
const CRD_WITH_PATTERN = structuredClone(CRD);
Object.assign(CRD_WITH_PATTERN.spec.versions[0]!.schema.openAPIV3Schema.properties.spec.properties, {
  color: { type: "string", pattern: "^(red|blue)$" },
});

/** The same CRD with a rule on spec. */
const CRD_WITH_RULE = structuredClone(CRD);
Object.assign(CRD_WITH_RULE.spec.versions[0]!.schema.openAPIV3Schema.properties.spec, {
  "x-kubernetes-validations": [{ rule: "self.replicas <= 10", message: "at most 10 replicas" }],
});

// The body of each case's script, after `start` (startTestApiServer), `call` (an HTTP request that
// resolves to {status, type, body}) and `widget(replicas)` are defined; it prints its findings as JSON.
const cases: Record<string, { body: string; loads: string[]; check(out: Record<string, unknown>): void }> = {
  "a CRD without rules, JSON requests": {
    body: `
      const s = await start({ crds: [${JSON.stringify(CRD)}] });
      const created = await call(s, "POST", "/apis/example.com/v1/namespaces/default/widgets", widget(20));
      const list = await call(s, "GET", "/apis/example.com/v1/namespaces/default/widgets");
      await s.stop();
      out({ created: created.status, listed: JSON.parse(list.body).items.length });`,
    loads: [],
    check: (o) => assert.deepEqual(o, { created: 201, listed: 1 }),
  },
  "a CRD with a rule given at start": {
    body: `
      const s = await start({ crds: [${JSON.stringify(CRD_WITH_RULE)}] });
      const bad = await call(s, "POST", "/apis/example.com/v1/namespaces/default/widgets", widget(20));
      const good = await call(s, "POST", "/apis/example.com/v1/namespaces/default/widgets", widget(2));
      await s.stop();
      out({ bad: bad.status, message: JSON.parse(bad.body).message, good: good.status });`,
    loads: ["@bufbuild/cel", "@bufbuild/re2", "@bufbuild/protobuf"],
    check: (o) => {
      assert.equal(o["bad"], 422);
      assert.match(String(o["message"]), /at most 10 replicas/);
      assert.equal(o["good"], 201);
    },
  },
  "a CRD with a rule created over HTTP": {
    body: `
      const s = await start({ crds: [] });
      const crd = await call(s, "POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", ${JSON.stringify(CRD_WITH_RULE)});
      let bad;
      for (let i = 0; i < 100; i++) {
        bad = await call(s, "POST", "/apis/example.com/v1/namespaces/default/widgets", widget(20));
        if (bad.status !== 404) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await s.stop();
      out({ crd: crd.status, bad: bad.status, message: JSON.parse(bad.body).message });`,
    loads: ["@bufbuild/cel", "@bufbuild/re2", "@bufbuild/protobuf"],
    check: (o) => {
      assert.equal(o["crd"], 201);
      assert.equal(o["bad"], 422);
      assert.match(String(o["message"]), /at most 10 replicas/);
    },
  },
  "a CRD with a pattern created over HTTP": {
    body: `
      const s = await start({ crds: [] });
      const crd = await call(s, "POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", ${JSON.stringify(CRD_WITH_PATTERN)});
      let bad;
      for (let i = 0; i < 100; i++) {
        bad = await call(s, "POST", "/apis/example.com/v1/namespaces/default/widgets", { ...widget(1), spec: { color: "green" } });
        if (bad.status !== 404) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await s.stop();
      out({ crd: crd.status, bad: bad.status, message: JSON.parse(bad.body).message });`,
    loads: ["@bufbuild/re2"],
    check: (o) => {
      assert.equal(o["crd"], 201);
      assert.equal(o["bad"], 422);
      assert.match(String(o["message"]), /should match '\^\(red\|blue\)\$'/);
    },
  },
  "a ValidatingAdmissionPolicy and its binding created over HTTP": {
    body: `
      const s = await start({ crds: [] });
      const plain = await call(s, "POST", "/api/v1/namespaces/default/configmaps", { metadata: { name: "before" } });
      const AR = "/apis/admissionregistration.k8s.io/v1";
      const policy = await call(s, "POST", AR + "/validatingadmissionpolicies", {
        metadata: { name: "p" },
        spec: {
          matchConstraints: { resourceRules: [{ apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE"], resources: ["configmaps"] }] },
          validations: [{ expression: "object.metadata.name != 'denied'", message: "not this name" }],
        },
      });
      const binding = await call(s, "POST", AR + "/validatingadmissionpolicybindings", { metadata: { name: "b" }, spec: { policyName: "p", validationActions: ["Deny"] } });
      const bad = await call(s, "POST", "/api/v1/namespaces/default/configmaps", { metadata: { name: "denied" } });
      const good = await call(s, "POST", "/api/v1/namespaces/default/configmaps", { metadata: { name: "fine" } });
      await s.stop();
      out({ plain: plain.status, policy: policy.status, binding: binding.status, bad: bad.status, message: JSON.parse(bad.body).message, good: good.status });`,
    loads: ["@bufbuild/cel", "@bufbuild/re2", "@bufbuild/protobuf"],
    check: (o) =>
      assert.deepEqual(o, {
        plain: 201,
        policy: 201,
        binding: 201,
        bad: 422,
        message: `configmaps "denied" is forbidden: ValidatingAdmissionPolicy 'p' with binding 'b' denied request: not this name`,
        good: 201,
      }),
  },
  "a request that prefers protobuf": {
    body: `
      const s = await start({ crds: [] });
      const ns = await call(s, "GET", "/api/v1/namespaces/default", undefined, "application/vnd.kubernetes.protobuf, application/json");
      await s.stop();
      out({ status: ns.status, type: ns.type, magic: ns.body.slice(0, 3) });`,
    loads: ["@bufbuild/protobuf", "the protobuf descriptors"],
    check: (o) => assert.deepEqual(o, { status: 200, type: "application/vnd.kubernetes.protobuf", magic: "k8s" }),
  },
};

const prelude = (entry: string) => `
  import { request } from "node:http";
  const { startTestApiServer } = await import(${JSON.stringify(entry)});
  const start = (o) => startTestApiServer({ tls: false, ...o });
  const widget = (replicas) => ({ apiVersion: "example.com/v1", kind: "Widget", metadata: { name: "w" + replicas }, spec: { replicas } });
  const out = (o) => console.log(JSON.stringify(o));
  function call(s, method, path, body, accept = "application/json") {
    return new Promise((resolve, reject) => {
      const req = request(new URL(path, s.url), { method, headers: { authorization: "Bearer " + s.token, accept, "content-type": "application/json" } }, (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode, type: res.headers["content-type"], body: Buffer.concat(chunks).toString("latin1") }));
      });
      req.on("error", reject);
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });
  }
`;

function run(entry: string, body: string, preload: readonly string[]): { out: Record<string, unknown>; loaded: string[] } {
  const log = join(tempDir(), "loads.txt");
  writeFileSync(log, "");
  const r = spawnSync(
    process.execPath,
    [...preload.flatMap((p) => ["--import", p]), "--import", hook, "--input-type=module", "-e", prelude(entry) + body],
    { cwd: repo, encoding: "utf8", env: { ...process.env, KCG_LOAD_LOG: log } },
  );
  assert.equal(r.status, 0, r.stderr);
  const urls = readFileSync(log, "utf8").split("\n");
  const loaded = Object.entries(heavy)
    .filter(([, pattern]) => urls.some((u) => pattern.test(u)))
    .map(([name]) => name);
  return { out: JSON.parse(r.stdout.trim().split("\n").pop()!) as Record<string, unknown>, loaded };
}

for (const [how, entry, preload] of [
  ["testing/dist", pathToFileURL(join(repo, "testing/dist/index.js")).href, []],
  ["testing/src", pathToFileURL(join(repo, "testing/src/index.ts")).href, [tsx]],
] as const) {
  for (const [name, c] of Object.entries(cases)) {
    test(`${name} (${how}): loads ${c.loads.length === 0 ? "none of CEL, RE2, protobuf" : c.loads.join(", ")}`, (t) => {
      if (how === "testing/dist") {
        for (const p of ["testing", "apiextensions"]) {
          const stale = staleReason(join(repo, p));
          if (stale !== undefined) return t.skip(`${p}/dist is stale (${stale}); npm run build`);
        }
      }
      const r = run(entry, c.body, preload);
      c.check(r.out);
      assert.deepEqual(r.loaded, c.loads);
    });
  }
}
