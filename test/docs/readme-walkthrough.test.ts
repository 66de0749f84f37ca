// The walk-through (docs/guide/walkthrough.md), executed as written: in an empty temporary directory, one bash session
// (so `export`, `&` and job control carry over, as in a terminal) runs every command of its
// ```sh run blocks in order and writes every ```<lang> file=PATH block before the command that
// follows it. Each command must exit 0 (or the `#> (exit N)` it names) and print each `#> ` line
// that follows it (in order; `...` is any text, a run of spaces any run of blanks).
//
// The two packages come from tarballs packed once here from this checkout (`/path/to/kube-codegen/`
// in the README is the directory they are packed into), never from a registry. Their third-party
// dependencies, and tsx, typescript and @types/node, come from a registry served by this test on
// 127.0.0.1 that holds exactly the versions in this repository's package-lock.json, read from the
// npm cache that `npm ci` filled. `npm install --offline` is not enough: npm resolves a range such
// as `^2.9.1` through the package's registry document, which `npm ci` does not always cache
// (kubernetes-types', @types/node's), and `--prefer-offline` would go to the network for it.
// Without kubectl on PATH the steps from the first kubectl command on are skipped, each saying so.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { tempDir } from "../helpers/fs.js";
import { startLockfileRegistry, type LockEntry } from "../helpers/lockfile-registry.js";
import { PACKAGES, packTarballs } from "../helpers/pack-tarballs.js";

const repo = resolve(import.meta.dirname, "../..");
// The walk-through is its own page of the guide.
const readme = readFileSync(join(repo, "docs/guide/walkthrough.md"), "utf8");
const HEADING = "## From an empty directory to a running controller";
const PLACEHOLDER = "/path/to/kube-codegen/";

/** One step of the walk-through: a file to write or a command to run with what it must print. */
type Step =
  { kind: "file"; path: string; text: string } | { kind: "command"; command: string; expect: string[]; exit: number; line: number };

/** The walk-through's steps, in README order. */
function walkthroughSteps(): Step[] {
  const start = readme.indexOf(`\n${HEADING}\n`);
  assert.ok(start >= 0, `README lacks the heading "${HEADING}"`);
  const end = readme.indexOf("\n## ", start + HEADING.length + 2);
  const section = readme.slice(start, end < 0 ? undefined : end);
  const firstLine = readme.slice(0, start).split("\n").length + 1;
  const steps: Step[] = [];
  for (const m of section.matchAll(/^```([^\n]*)\n([\s\S]*?)^```$/gm)) {
    const info = (m[1] ?? "").trim();
    const body = m[2] ?? "";
    const file = /^\w+ file=(\S+)$/.exec(info);
    if (file?.[1]) {
      steps.push({ kind: "file", path: file[1], text: body });
      continue;
    }
    if (info !== "sh run") continue;
    const blockLine = firstLine + section.slice(0, m.index).split("\n").length;
    let pending = "";
    body.split("\n").forEach((raw, i) => {
      const last = steps.at(-1);
      if (raw.startsWith("#> ")) {
        assert.ok(last?.kind === "command", `README line ${blockLine + i}: #> with no command before it`);
        const exit = /^\(exit (\d+)\)$/.exec(raw.slice(3));
        if (exit) last.exit = Number(exit[1]);
        else last.expect.push(raw.slice(3));
        return;
      }
      if (raw.trim() === "" || raw.trimStart().startsWith("#")) return;
      pending += raw;
      if (pending.endsWith("\\")) {
        pending = pending.slice(0, -1) + "\n";
        return;
      }
      steps.push({ kind: "command", command: pending, expect: [], exit: 0, line: blockLine + i });
      pending = "";
    });
  }
  return steps;
}

/** `#> ` text as a regular expression over one output line. */
function expectation(text: string): RegExp {
  const parts = text.split("...").map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ +/g, "\\s+"));
  return new RegExp(parts.join(".*"));
}

/** One bash process for the whole walk-through; run() sends it one command and waits for its end. */
class Session {
  readonly #bash: ChildProcessWithoutNullStreams;
  #stdout = "";
  #waiter: (() => void) | undefined;
  #count = 0;

  constructor(
    readonly cwd: string,
    env: NodeJS.ProcessEnv,
  ) {
    // Its own process group, so that what it left running (the test server, the controller) is
    // stopped with it.
    this.#bash = spawn("bash", ["--noprofile", "--norc"], { cwd, env, detached: true });
    this.#bash.stdout.on("data", (c: Buffer) => {
      this.#stdout += c.toString();
      this.#waiter?.();
    });
    this.#bash.on("exit", () => this.#waiter?.());
  }

  async run(command: string, timeoutMs: number): Promise<{ code: number | undefined; output: string }> {
    const n = ++this.#count;
    const out = join(this.cwd, ".walkthrough", `out.${n}`);
    mkdirSync(dirname(out), { recursive: true });
    const done = new RegExp(`^__walkthrough_done__ ${n} (\\d+)$`, "m");
    this.#bash.stdin.write(`{\n${command}\n} >${JSON.stringify(out)} 2>&1 </dev/null; echo "__walkthrough_done__ ${n} $?"\n`);
    const deadline = Date.now() + timeoutMs;
    let code: number | undefined;
    for (;;) {
      const m = done.exec(this.#stdout);
      if (m) {
        code = Number(m[1]);
        break;
      }
      if (this.#bash.exitCode !== null || Date.now() > deadline) break;
      await new Promise<void>((r) => {
        const timer = setTimeout(r, 200);
        this.#waiter = () => {
          clearTimeout(timer);
          r();
        };
      });
    }
    return { code, output: existsSync(out) ? readFileSync(out, "utf8") : "" };
  }

  stop(): void {
    try {
      process.kill(-(this.#bash.pid ?? 0), "SIGTERM");
    } catch {
      // already gone
    }
  }
}

const hasKubectl = spawnSync("bash", ["-c", "command -v kubectl"]).status === 0;

test("the README walk-through runs command by command in an empty directory", async (t) => {
  const steps = walkthroughSteps();
  const commands = steps.filter((s) => s.kind === "command");
  assert.ok(commands.length >= 10, "the walk-through has its commands");
  assert.ok(
    commands.some((c) => c.command.includes(PLACEHOLDER)),
    `the install commands name the tarballs under ${PLACEHOLDER}`,
  );

  const work = tempDir("kcg-walkthrough-");
  const packs = join(work, "packs");
  const project = join(work, "project");
  mkdirSync(packs);
  mkdirSync(project);
  const tarballs = packTarballs(packs);
  const registry = await startLockfileRegistry();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    npm_config_registry: registry.url,
    npm_config_cache: join(work, "npm-cache"),
    npm_config_audit: "false",
    npm_config_fund: "false",
    npm_config_update_notifier: "false",
    KUBECONFIG: join(work, "no-kubeconfig-yet"),
    // `npm install --global` installs the kube-codegen command here, and PATH finds it, as a user's
    // global prefix would.
    npm_config_prefix: join(work, "global"),
    PATH: `${join(work, "global", "bin")}:${process.env["PATH"] ?? ""}`,
  };
  // The runner's loader and test-runner context are not the project's: with NODE_TEST_CONTEXT set,
  // the project's own `node --test` would skip its files.
  for (const k of ["NODE_OPTIONS", "NODE_TEST_CONTEXT"]) delete env[k];
  const session = new Session(project, env);
  t.after(() => {
    session.stop();
    registry.server.close();
    rmSync(work, { recursive: true, force: true });
  });

  let failed: string | undefined;
  let kubectlFrom: number | undefined;
  for (const [i, step] of steps.entries()) {
    if (step.kind === "file") {
      await t.test(`write ${step.path}`, { skip: failed ?? false }, () => {
        mkdirSync(dirname(join(project, step.path)), { recursive: true });
        writeFileSync(join(project, step.path), step.text);
      });
      continue;
    }
    const command = step.command.replaceAll(PLACEHOLDER, packs + "/");
    if (!hasKubectl && kubectlFrom === undefined && /\bkubectl\b/.test(command)) kubectlFrom = i;
    const skip =
      failed ??
      (kubectlFrom !== undefined ? `kubectl is not on PATH: README line ${step.line} (from the first kubectl step on) not run` : false);
    await t.test(`$ ${step.command}`, { skip }, async () => {
      const timeout = /\bnpm (install|i)\b/.test(command) ? 300_000 : 120_000;
      const { code, output } = await session.run(command, timeout);
      const where = `README line ${step.line}: $ ${step.command}\n--- output ---\n${output.slice(-6000)}--- end ---`;
      if (code !== step.exit) failed = `not run: README line ${step.line} failed`;
      assert.equal(code, step.exit, code === undefined ? `no exit after ${timeout} ms: ${where}` : `exit ${code}: ${where}`);
      const lines = output.split("\n");
      let from = 0;
      for (const e of step.expect) {
        const re = expectation(e);
        const at = lines.findIndex((l, j) => j >= from && re.test(l));
        if (at < 0) failed = `not run: README line ${step.line} failed`;
        assert.ok(at >= 0, `expected a line like "${e}" (after line ${from}): ${where}`);
        from = at + 1;
      }
    });
  }
  assert.equal(failed, undefined, failed);

  // The packages came from the tarballs, never from the registry.
  assert.deepEqual(
    [...registry.requested].filter((n) => n === "kube-codegen" || n.startsWith("@kube-codegen/")),
    [],
  );
  const lock = JSON.parse(readFileSync(join(project, "package-lock.json"), "utf8")) as { packages: Record<string, LockEntry> };
  for (const [i, { name }] of PACKAGES.entries()) {
    assert.match(lock.packages[`node_modules/${name}`]?.resolved ?? "", new RegExp(`${tarballs[i]?.replace(/\./g, "\\.") ?? "-"}$`));
  }
  if (!hasKubectl) t.diagnostic("kubectl is not on PATH: the kubectl steps were skipped");
});
