// Runs hack/kubectl-conformance.sh (the fixed list of kubectl commands against `kube-codegen
// test-server`) so that `npm test` is the single gate: from source, so a stale dist/ cannot hide a
// regression. Skipped, saying so, when kubectl is not on PATH (the script would only print SKIP).
import assert from "node:assert/strict";
import { execFile, execFileSync } from "node:child_process";
import { join } from "node:path";
import { test } from "node:test";

const KUBECTL = process.env["KUBECTL"] ?? "kubectl";
const ROOT = join(import.meta.dirname, "../..");

function hasKubectl(): boolean {
  try {
    execFileSync(KUBECTL, ["version", "--client"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

const skip = hasKubectl() ? false : `${KUBECTL} is not on PATH: hack/kubectl-conformance.sh was not run`;

test("every step of hack/kubectl-conformance.sh passes against the test server", { skip, timeout: 600_000 }, async () => {
  const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      "bash",
      [join(ROOT, "hack/kubectl-conformance.sh"), "--from-source"],
      { cwd: ROOT, encoding: "utf8" },
      (err, stdout, stderr) => {
        resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
  assert.equal(code, 0, `${stdout}\n${stderr}`);
  assert.doesNotMatch(stdout, /# SKIP/, "kubectl is on PATH, yet the script skipped");
  assert.doesNotMatch(stdout, /^not ok /m, stdout);
  const plan = /^1\.\.(\d+)$/m.exec(stdout);
  assert.ok(plan, `no TAP plan line:\n${stdout}`);
  assert.equal(stdout.match(/^ok \d+ - /gm)?.length, Number(plan[1]), stdout);
});
