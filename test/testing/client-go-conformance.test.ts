// Builds hack/client-go-conformance (a client-go v0.37.2 program: typed clientset in protobuf,
// streaming-list informers, the dynamic client on a CRD, server-side apply, leader election on a
// Lease, discovery) and runs it against an in-process test server: client-go, unchanged, is a client
// of the server as kubectl is in kubectl-conformance.test.ts. Every TAP step must pass. Skipped,
// saying so, when `go` is not on PATH or is older than the go.mod's go line (client-go's own).
import assert from "node:assert/strict";
import { execFile, execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { tempDir } from "../helpers/fs.js";

const PROGRAM = join(import.meta.dirname, "../../hack/client-go-conformance");

/** The go.mod's `go` line: the oldest toolchain that builds client-go v0.37. */
const GO_LINE = /^go (\d+)\.(\d+)/m.exec(readFileSync(join(PROGRAM, "go.mod"), "utf8"));

function whyNoGo(): string | false {
  let version: string;
  try {
    version = execFileSync("go", ["env", "GOVERSION"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "go is not on PATH: the client-go conformance program was not built or run";
  }
  const have = /^go(\d+)\.(\d+)/.exec(version);
  if (!GO_LINE || !have) return false;
  const older = Number(have[1]) * 1000 + Number(have[2]) < Number(GO_LINE[1]) * 1000 + Number(GO_LINE[2]);
  return older ? `${version} is older than the go ${GO_LINE[1]}.${GO_LINE[2]} client-go v0.37 needs: the program was not run` : false;
}

const skip = whyNoGo();

/**
 * Steps that pass against the real kube-apiserver 1.37.2 and fail against the test server: gaps
 * still open, listed by step name. None today; a listed step that passes fails the test, so the list
 * cannot go stale.
 */
const KNOWN_DIVERGENCES: readonly string[] = [];

/** The build's limit: a cold module cache downloads and compiles client-go. */
const BUILD_TIMEOUT = 480_000;
/** The program's limit, below the test's: a hung child is killed, and cannot keep Node alive. */
const RUN_TIMEOUT = 420_000;
const TEST_TIMEOUT = 480_000;

function run(file: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; timeout: number }) {
  // Asynchronous: the test server answers from this process's event loop while the child runs.
  return new Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }>((resolve) => {
    execFile(file, args, { ...options, encoding: "utf8", maxBuffer: 64 << 20, killSignal: "SIGKILL" }, (err, stdout, stderr) => {
      if (!err) return resolve({ code: 0, signal: null, stdout, stderr });
      // A killed child (the timeout) has a signal and no exit code; a spawn failure has neither.
      const code = typeof err.code === "number" ? err.code : null;
      resolve({ code, signal: err.signal ?? null, stdout, stderr: code === null && !err.signal ? `${err.message}\n${stderr}` : stderr });
    });
  });
}

let dir: string;
let server: TestApiServer;
let binary: string;

before(
  async () => {
    if (skip) return;
    dir = tempDir("kcg-client-go-");
    server = await startTestApiServer({ crds: [] });
    binary = join(dir, "client-go-conformance");
    // -mod=readonly: the build uses the committed go.sum as it stands (a missing entry fails, it is
    // never added); GOWORK=off so a go.work above the checkout cannot change the module graph.
    const env = { ...process.env, GOFLAGS: "-mod=readonly", GOWORK: "off" };
    const build = await run("go", ["build", "-o", binary, "."], { cwd: PROGRAM, env, timeout: BUILD_TIMEOUT - 10_000 });
    assert.equal(build.code, 0, `go build failed (${build.signal ?? "no signal"}):\n${build.stderr}`);
  },
  { timeout: BUILD_TIMEOUT },
);

after(async () => {
  if (skip) return;
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

test("every step of hack/client-go-conformance passes against the test server", { skip, timeout: TEST_TIMEOUT }, async () => {
  const { code, signal, stdout, stderr } = await run(binary, [server.kubeconfigPath], { timeout: RUN_TIMEOUT });
  // client-go logs through klog on stderr (leader election's lines); shown only when a step fails.
  const shown = `${stdout}\n--- stderr ---\n${stderr}`;
  assert.equal(signal, null, `the program did not finish within ${RUN_TIMEOUT} ms (${signal}):\n${shown}`);
  const plan = /^1\.\.(\d+)$/m.exec(stdout);
  assert.ok(plan, `no TAP plan line:\n${shown}`);
  assert.ok(Number(plan[1]) >= 30, `only ${plan[1]} steps`);
  // "not ok N - NAME: ERROR"; names hold colons too, so a line is matched against the known names.
  const failed = [...stdout.matchAll(/^not ok \d+ - (.*)$/gm)].map((m) => m[1] ?? "");
  const isKnown = (line: string, name: string): boolean => line === name || line.startsWith(`${name}: `);
  const unexpected = failed.filter((line) => !KNOWN_DIVERGENCES.some((name) => isKnown(line, name)));
  assert.deepEqual(unexpected, [], shown);
  // A known divergence that now passes has been fixed: the list must say so.
  assert.deepEqual(
    KNOWN_DIVERGENCES.filter((name) => !failed.some((line) => isKnown(line, name))),
    [],
    `these steps pass now; remove them from KNOWN_DIVERGENCES:\n${shown}`,
  );
  assert.equal(stdout.match(/^(?:not )?ok \d+ - /gm)?.length, Number(plan[1]), shown);
  // The exit code agrees with the TAP lines: 1 when a step failed, 0 when none did.
  assert.equal(code, failed.length > 0 ? 1 : 0, `exit code ${code} with ${failed.length} failed steps:\n${shown}`);
});
