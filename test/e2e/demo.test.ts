// `npm run demo` as a person runs it: it exits 0 and prints the story of the loop, each step once
// and in order: the CRD installed, the Foo created, the Deployment created by the controller, the
// Foo's status following, the Synced event, the scale-up followed, the garbage collection.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";

const repo = resolve(import.meta.dirname, "../..");

test("npm run demo exits 0 and shows the Deployment appear, the status follow, the events and the scale-up", () => {
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const r = spawnSync(npm, ["run", "--silent", "demo"], { cwd: repo, encoding: "utf8", timeout: 180_000 });
  assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
  const lines = r.stdout.split("\n");
  const expected = [
    /demo +installed CRD foos\.samplecontroller\.k8s\.io$/,
    /demo +sample-controller running with 2 workers$/,
    /demo +created Foo default\/example-foo/,
    /controller created Deployment example-foo with 1 replicas for default\/example-foo$/,
    /cluster +Deployment example-foo: spec\.replicas=1 availableReplicas=1$/,
    /controller updated default\/example-foo status: availableReplicas=1$/,
    /demo +converged: Deployment example-foo exists and Foo status\.availableReplicas=1$/,
    /demo +scaled Foo default\/example-foo to replicas 3$/,
    /controller scaled Deployment example-foo from 1 to 3 replicas/,
    /controller updated default\/example-foo status: availableReplicas=3$/,
    /demo +converged: Deployment example-foo has 3 replicas/,
    /cluster +Deployment example-foo deleted \(garbage-collected with its Foo\)$/,
    /demo +done/,
  ];
  let at = 0;
  for (const re of expected) {
    const i = lines.findIndex((l, n) => n >= at && re.test(l));
    assert.ok(i >= 0, `no line matching ${String(re)} after line ${String(at)}:\n${r.stdout}`);
    at = i + 1;
  }
  assert.ok(
    lines.some((l) => /event +Normal Synced on Foo example-foo: Foo synced successfully$/.test(l)),
    r.stdout,
  );
  assert.ok(lines.some((l) => /controller reconciled default\/example-foo \(worker [12], \d+ ms\)$/.test(l)));
  // Concise: a few dozen lines, not a wall of logs.
  assert.ok(lines.length < 60, `${String(lines.length)} lines`);
});
