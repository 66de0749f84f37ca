// `kube-codegen validate --policies DIR [--old FILE] FILE...`: the policies, bindings, params and
// namespaces of the real 1.37.2 recording (validating-admission-policy.json) judge the recorded
// requests offline, printing the server's own denial messages and Warning texts; exit 0 when all
// are admitted, 1 when one is denied, 2 on bad input, each problem named by file and document.
import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { main } from "../../src/cli/main.js";
import { Console } from "../../src/cli/console.js";
import { tempDir } from "../helpers/fs.js";
import { recordedExchanges, warningTexts, type Exchange } from "../admission-policy/recording.js";

const exchanges = recordedExchanges();
function recorded(step: string): Exchange {
  const e = exchanges.find((x) => x.step === step);
  if (!e) throw new Error(`no recorded step ${step}`);
  return e;
}
const body = (step: string): unknown => recorded(step).request.body;
const message = (step: string): string => String((recorded(step).response.body as { message?: unknown }).message);

/** Writes `docs` as one JSON list file per name in a fresh directory; returns the paths. */
function files(docs: Record<string, unknown[]>): Record<string, string> {
  const dir = tempDir();
  const out: Record<string, string> = {};
  for (const [name, items] of Object.entries(docs)) {
    out[name] = join(dir, name);
    writeFileSync(out[name], items.map((d) => JSON.stringify(d)).join("\n---\n"));
  }
  return out;
}

async function validate(...argv: string[]): Promise<{ code: number; stdout: string[]; stderr: string[] }> {
  const out = Console.memory();
  const code = await main(["validate", ...argv], out);
  return { code, stdout: out.stdout, stderr: out.stderr };
}

/** The resource's namespace, which the recording gave by path rather than in the body. */
const inNamespace = (step: string, ns: string): unknown => {
  const b = body(step) as { metadata: Record<string, unknown> };
  return { ...b, metadata: { ...b.metadata, namespace: ns } };
};

test("validate --policies: the documentation's replica limit denies 6 replicas with the real server's message (exit 1)", async () => {
  const f = files({
    "policies.yaml": [
      body("replicas: setup 1 namespace replicas"),
      body("replicas: setup 2 policy demo-policy.example.com"),
      body("replicas: setup 3 binding demo-binding-test.example.com"),
    ],
    "deployments.yaml": [
      inNamespace("replicas: 5 replicas allowed", "replicas"),
      inNamespace("replicas: 6 replicas denied with the default message", "replicas"),
    ],
  });
  const r = await validate("--policies", f["policies.yaml"]!, f["deployments.yaml"]!);
  assert.deepEqual(r.stderr, []);
  assert.deepEqual(r.stdout, [
    `${f["deployments.yaml"]!}[0] Deployment replicas/five: admitted`,
    `${f["deployments.yaml"]!}[1] Deployment replicas/six: denied (422 Invalid): ${message("replicas: 6 replicas denied with the default message")}`,
    "2 resources judged by 1 policy: 1 admitted, 1 denied",
  ]);
  assert.equal(r.code, 1);
});

test("validate --policies --old: an update is judged with its old object", async () => {
  const f = files({
    "policies.yaml": [
      body("replicas: setup 1 namespace replicas"),
      body("replicas: setup 2 policy demo-policy.example.com"),
      body("replicas: setup 3 binding demo-binding-test.example.com"),
    ],
    "old.yaml": [inNamespace("replicas: 5 replicas allowed", "replicas")],
    "new.yaml": [inNamespace("replicas: an update to 7 replicas denied", "replicas")],
  });
  const r = await validate("--policies", f["policies.yaml"]!, "--old", f["old.yaml"]!, f["new.yaml"]!);
  assert.equal(r.code, 1);
  assert.equal(
    r.stdout[0],
    `${f["new.yaml"]!}[0] Deployment replicas/five: denied (422 Invalid): ${message("replicas: an update to 7 replicas denied")}`,
  );
});

test("validate --policies: a paramKind's param in the directory gives the messageExpression the server gave", async () => {
  const param = recorded("params: the param (maxReplicas 3)").response.body;
  const f = files({
    "policies.yaml": [
      body("params-present: setup 1 namespace params-present"),
      body("params: setup 3 policy replicalimit-policy.example.com"),
      body("params-present: setup 2 binding replicalimit-binding-present.example.com"),
      param,
    ],
    "deployments.yaml": [inNamespace("params-present: 4 replicas over the param's limit: the messageExpression", "params-present")],
  });
  const r = await validate("--policies", f["policies.yaml"]!, f["deployments.yaml"]!);
  assert.equal(r.code, 1);
  assert.ok(
    r.stdout[0]!.endsWith(`denied (422 Invalid): ${message("params-present: 4 replicas over the param's limit: the messageExpression")}`),
    r.stdout[0],
  );
});

test("validate --policies: the Warn action prints the server's Warning texts and admits (exit 0)", async () => {
  const step = "audit-warn: Warn: both validations fail, two warnings";
  const f = files({
    "policies.yaml": [
      body("audit-warn: setup 1 namespace audit-warn"),
      body("audit-warn: setup 4 policy demo-policy-warn.example.com"),
      body("audit-warn: setup 5 binding demo-binding-warn.example.com"),
    ],
    "cm.yaml": [inNamespace(step, "audit-warn")],
  });
  const r = await validate("--policies", f["policies.yaml"]!, f["cm.yaml"]!);
  assert.equal(r.code, 0);
  const head = `${f["cm.yaml"]!}[0] ConfigMap audit-warn/two-keys`;
  const warnings = warningTexts(recorded(step).response.warning);
  assert.equal(warnings.length, 2);
  assert.deepEqual(
    r.stdout.slice(0, 2),
    warnings.map((w) => `${head}: Warning: ${w}`),
  );
  assert.ok(
    r.stdout.some((l) =>
      l.startsWith(`${head}: audit annotation validation.policy.admission.k8s.io/validation_failure: [{"message":"at most one key"`),
    ),
  );
  assert.equal(r.stdout.at(-2), `${head}: admitted`);
});

test("validate --policies: bad input is exit 2 with the file and document named, no stack trace", async () => {
  const f = files({
    "bad-policy.yaml": [body("invalid: a policy with a syntax error")],
    "bad-binding.yaml": [body("invalid: a binding with Deny and Warn")],
    "cm.yaml": [{ apiVersion: "v1", kind: "ConfigMap", metadata: { name: "x" } }],
    "nameless.yaml": [{ apiVersion: "v1", kind: "ConfigMap", metadata: {} }],
  });
  const policy = await validate("--policies", f["bad-policy.yaml"]!, f["cm.yaml"]!);
  assert.equal(policy.code, 2);
  assert.match(
    policy.stderr[0]!,
    /bad-policy\.yaml\[0\] ValidatingAdmissionPolicy syntax-error\.example\.com: spec\.validations\[0\]\.expression: Invalid value: "object\.spec\.replicas <=": compilation failed: ERROR: <input>:1:\d+: /,
  );
  const binding = await validate("--policies", f["bad-binding.yaml"]!, f["cm.yaml"]!);
  assert.equal(binding.code, 2);
  assert.ok(
    binding.stderr.some((l) =>
      l.endsWith(
        'spec.validationActions: Invalid value: ["Deny","Warn"]: must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)',
      ),
    ),
    binding.stderr.join("\n"),
  );
  const nameless = await validate("--policies", f["cm.yaml"]!, f["nameless.yaml"]!);
  assert.equal(nameless.code, 2);
  assert.match(nameless.stderr.join("\n"), /nameless\.yaml\[0\]: metadata\.name: Required value/);
  const yaml = join(tempDir(), "broken.yaml");
  writeFileSync(yaml, "kind: [unclosed\n");
  const broken = await validate("--policies", yaml, f["cm.yaml"]!);
  assert.equal(broken.code, 2);
  assert.match(broken.stderr.join("\n"), /broken\.yaml\[0\]: invalid YAML/);
  const missing = await validate("--policies", join(tempDir(), "nothing"), f["cm.yaml"]!);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr[0]!, /does not exist$/);
  const noOld = await validate("--policies", f["cm.yaml"]!, "--old", join(tempDir(), "nothing"), f["cm.yaml"]!);
  assert.equal(noOld.code, 2);
  const unpaired = await validate(
    "--policies",
    f["bad-binding.yaml"]!.replace("bad-binding", "cm"),
    "--old",
    f["nameless.yaml"]!,
    f["cm.yaml"]!,
  );
  assert.equal(unpaired.code, 2);
  assert.match(unpaired.stderr.join("\n"), /cm\.yaml\[0\]: ConfigMap x has no old object/);
  const oldAlone = await validate("--crds", tempDir(), "--old", f["cm.yaml"]!);
  assert.equal(oldAlone.code, 2);
  assert.match(oldAlone.stderr[0]!, /--old needs --policies/);
  for (const r of [policy, binding, nameless, broken, missing, noOld, unpaired, oldAlone])
    assert.doesNotMatch(r.stderr.join("\n"), /\n\s+at /);
});
