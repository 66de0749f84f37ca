// The crd generator checks its CRDs for the target server versions (serverVersions): a rule only
// an older target rejects for cost is a KCG1413 warning naming it and the CRD is still written;
// one every target rejects is a KCG1402 error. The rule compares computed booleans, which a real
// 1.24 server estimates as unbounded (test/fixtures/cel-cost-1.24, "parentrefs-all-32").
import { test } from "node:test";
import assert from "node:assert/strict";
import { Code } from "../../../src/diagnostics/index.js";
import { DOC, generateCrds, widget, writeInput } from "./helpers.js";
import { testOptions } from "../../helpers/options.js";

const types = widget(
  `  // +kubebuilder:validation:MaxItems=32
  // +kubebuilder:validation:XValidation:rule="self.all(a, self.all(b, a.name == b.name ? (has(a.port) == has(b.port)) : true))"
  refs?: Ref[];
`,
  {
    extra: `
export interface Ref {
  // +kubebuilder:validation:MaxLength=253
  name: string;
  port?: int32;
}
`,
  },
);

const input = () => writeInput({ "widgets/v1/doc.ts": DOC, "widgets/v1/types.ts": types });

test("the default target range 1.35-1.37 accepts a rule only 1.24 rejects for cost", async () => {
  const r = await generateCrds(input());
  assert.deepEqual(r.diagnostics, []);
  assert.equal(r.files.length, 1);
});

test("with 1.24 in the range, the rule is a warning naming 1.24 at the marker, and the CRD is written", async () => {
  const dir = input();
  const r = await generateCrds(dir, { serverMinors: testOptions(dir, { serverVersions: "1.24-1.32" }).serverMinors });
  assert.ok(r.diagnostics.length > 0);
  for (const d of r.diagnostics) {
    assert.equal(d.severity, "warning");
    assert.equal(d.code, Code.rejectedBySomeServers);
    assert.match(d.message, /^Kubernetes 1\.24 would reject CRD widgets\.example\.com \(of the target versions 1\.24-1\.32\): /);
  }
  const rule = r.diagnostics.find((d) =>
    /x-kubernetes-validations\[0\]\.rule: Forbidden: estimated rule cost exceeds budget/.test(d.message),
  );
  assert.ok(rule);
  // Placed at the rule's marker, in the API package.
  assert.match(rule.file ?? "", /widgets\/v1\/types\.ts$/);
  assert.match(types.split("\n")[(rule.line ?? 0) - 1] ?? "", /\+kubebuilder:validation:XValidation:rule="self\.all\(a/);
  assert.equal(r.files.length, 1);
});

test("with 1.24 alone, the same rule is an error and nothing is written", async () => {
  const r = await generateCrds(input(), { serverMinors: [24] });
  assert.ok(r.diagnostics.some((d) => d.code === Code.serverRejects && d.severity === "error"));
  assert.equal(r.files.length, 0);
});

test("a bad serverVersions value is a config error", () => {
  assert.throws(() => testOptions(input(), { serverVersions: "1.23-1.32" }), /--server-versions: "1\.23-1\.32" is outside/);
});
