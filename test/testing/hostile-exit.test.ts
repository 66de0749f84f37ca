// The kubeconfig the test server writes holds its token: it must be gone however the process ends,
// not only after stop(). Each case runs a child process that starts a server and then dies its way.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { test } from "node:test";

const INDEX = resolve(import.meta.dirname, "../../testing/src/index.ts");

/** Runs `script` (an ES module) under tsx; resolves with the kubeconfig path it printed and how it ended. */
function runChild(
  script: string,
  signal?: NodeJS.Signals,
): Promise<{ path: string; existed: boolean; code: number | null; sig: string | null }> {
  const dir = mkdtempSync(join(tmpdir(), "hostile-exit-"));
  const file = join(dir, "child.mts");
  writeFileSync(file, script);
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ["--import", "tsx", file], { stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let path = "";
    let existed = false;
    child.stdout.on("data", (b: Buffer) => {
      out += b.toString();
      const m = /^KUBECONFIG (.+)$/m.exec(out);
      if (m && !path) {
        path = m[1] ?? "";
        existed = existsSync(path);
        // The child dies only when told, after the file was seen (the machine may be slow).
        if (signal) child.kill(signal);
        else child.stdin.end("go\n");
      }
    });
    child.on("error", fail);
    child.on("exit", (code, sig) => {
      rmSync(dir, { recursive: true, force: true });
      done({ path, existed, code, sig });
    });
  });
}

const START = `import { startTestApiServer } from ${JSON.stringify(INDEX)};
const server = await startTestApiServer({ crds: [], tls: false });
process.stdout.write("KUBECONFIG " + server.kubeconfigPath + "\\n");
const told = new Promise((r) => process.stdin.once("data", r));
`;

test("an uncaught exception removes the kubeconfig", async () => {
  const r = await runChild(`${START}void told.then(() => { setTimeout(() => { throw new Error("boom"); }, 0); });\n`);
  assert.ok(r.path, "the child printed its kubeconfig path");
  assert.ok(r.existed, "the kubeconfig existed while the server ran");
  assert.equal(r.code, 1);
  assert.equal(existsSync(r.path), false, "the kubeconfig is gone");
});

test("an unhandled rejection removes the kubeconfig", async () => {
  const r = await runChild(`${START}void told.then(() => Promise.reject(new Error("boom")));\n`);
  assert.ok(r.path);
  assert.ok(r.existed);
  assert.equal(r.code, 1);
  assert.equal(existsSync(r.path), false);
});

test("process.exit without stop() removes the kubeconfig", async () => {
  const r = await runChild(`${START}void told.then(() => process.exit(3));\n`);
  assert.ok(r.path);
  assert.ok(r.existed);
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
      assert.ok(r.existed);
      assert.equal(r.code, 0, "the command ends cleanly");
      assert.equal(existsSync(r.path), false);
    } finally {
      rmSync(crds, { recursive: true, force: true });
    }
  });
}
