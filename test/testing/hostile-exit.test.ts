// The kubeconfig the test server writes holds its token: it must be gone however the process ends,
// not only after stop(). Each case runs a child process that starts a server and then dies its way.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { test } from "node:test";

const INDEX = resolve(import.meta.dirname, "../../src/testing/index.ts");

/** Runs `script` (an ES module) under tsx; resolves with the kubeconfig path it printed and how it ended. */
function runChild(script: string, signal?: NodeJS.Signals): Promise<{ path: string; code: number | null; sig: string | null }> {
  const dir = mkdtempSync(join(tmpdir(), "hostile-exit-"));
  const file = join(dir, "child.mts");
  writeFileSync(file, script);
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ["--import", "tsx", file], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let path = "";
    child.stdout.on("data", (b: Buffer) => {
      out += b.toString();
      const m = /^KUBECONFIG (.+)$/m.exec(out);
      if (m && !path) {
        path = m[1] ?? "";
        assert.ok(existsSync(path), "the kubeconfig exists while the server runs");
        if (signal) child.kill(signal);
      }
    });
    child.on("error", fail);
    child.on("exit", (code, sig) => {
      rmSync(dir, { recursive: true, force: true });
      done({ path, code, sig });
    });
  });
}

const START = `import { startTestApiServer } from ${JSON.stringify(INDEX)};
const server = await startTestApiServer({ crds: [], tls: false });
process.stdout.write("KUBECONFIG " + server.kubeconfigPath + "\\n");
`;

test("an uncaught exception removes the kubeconfig", async () => {
  const r = await runChild(`${START}setTimeout(() => { throw new Error("boom"); }, 50);\n`);
  assert.ok(r.path, "the child printed its kubeconfig path");
  assert.equal(r.code, 1);
  assert.equal(existsSync(r.path), false, "the kubeconfig is gone");
});

test("an unhandled rejection removes the kubeconfig", async () => {
  const r = await runChild(`${START}setTimeout(() => void Promise.reject(new Error("boom")), 50);\n`);
  assert.ok(r.path);
  assert.equal(r.code, 1);
  assert.equal(existsSync(r.path), false);
});

test("process.exit without stop() removes the kubeconfig", async () => {
  const r = await runChild(`${START}setTimeout(() => process.exit(3), 50);\n`);
  assert.ok(r.path);
  assert.equal(r.code, 3);
  assert.equal(existsSync(r.path), false);
});

for (const sig of ["SIGINT", "SIGTERM"] as const) {
  test(`the test-server command removes the kubeconfig on ${sig}`, async () => {
    const crds = mkdtempSync(join(tmpdir(), "hostile-crds-"));
    try {
      const r = await runChild(
        `import { runTestServerCommand } from ${JSON.stringify(INDEX)};
const code = await runTestServerCommand({ crdDir: ${JSON.stringify(crds)}, tls: false,
  write: (t) => { const p = t.trim(); if (p.endsWith(".yaml")) process.stdout.write("KUBECONFIG " + p + "\\n"); } });
process.exitCode = code;
`,
        sig,
      );
      assert.ok(r.path);
      assert.equal(r.code, 0, "the command ends cleanly");
      assert.equal(existsSync(r.path), false);
    } finally {
      rmSync(crds, { recursive: true, force: true });
    }
  });
}
