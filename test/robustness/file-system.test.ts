// File-system oddities, each through the CLI: an unreadable directory or file, a dangling or
// looping symbolic link, a FIFO, a directory where a file goes and the reverse, a read-only output
// folder, a hand-written file at an output path. Each is a diagnostic with its own code naming the
// path, exit 2, no "internal error", no stack trace, and the directory byte-for-byte as it was
// (a FIFO with a source file's name is only a warning: skipped, never opened, the run goes on).
// Cases that could hang on a FIFO run the CLI in a child process with a time limit.
import { test, type TestContext } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { main } from "../../src/cli/main.js";
import { Console } from "../../src/cli/console.js";
import { Code, type DiagnosticCode } from "../../src/diagnostics/index.js";
import { applyPlan, checkWritable, existingGenerated, planOutput } from "../../src/output/index.js";
import { runPipeline } from "../../src/pipeline.js";
import { tempDir } from "../helpers/fs.js";
import { testOptions } from "../helpers/options.js";

const repo = resolve(import.meta.dirname, "../..");
const FLAGS = ["--input=input", "--output=out", "--crd-output=out/crds"];
const DEEPCOPY = "input/widgets/v1/zz_generated.deepcopy.ts";

const DOC = "// +groupName=example.com\n// +k8s:deepcopy-gen=package\nexport {};\n";
const TYPES = `import type { int32, ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// +genclient
// Widget is a test kind.
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}

// WidgetSpec is the spec of a Widget.
export interface WidgetSpec {
  size?: int32;
}
`;

/** A project with one small API package under input/ and nothing generated yet. */
function workspace(): string {
  const dir = tempDir("kcg-fs-");
  mkdirSync(join(dir, "input/widgets/v1"), { recursive: true });
  writeFileSync(join(dir, "input/widgets/v1/doc.ts"), DOC);
  writeFileSync(join(dir, "input/widgets/v1/types.ts"), TYPES);
  return dir;
}

/**
 * Everything under `dir`, looked at without following links or opening special files: each entry's
 * type and mode, a file's bytes, a link's target. Unreadable directories are recorded as such.
 */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (rel: string) => {
    const abs = join(dir, rel);
    const st = lstatSync(abs);
    const mode = (st.mode & 0o7777).toString(8);
    if (st.isSymbolicLink()) out.set(rel, `link ${readlinkSync(abs)}`);
    else if (st.isDirectory()) {
      out.set(rel, `dir ${mode}`);
      let names: string[];
      try {
        names = readdirSync(abs).sort();
      } catch {
        out.set(rel, `dir ${mode} unreadable`);
        return;
      }
      for (const n of names) walk(rel === "" ? n : `${rel}/${n}`);
    } else if (st.isFile()) {
      let text: string;
      try {
        text = readFileSync(abs, "latin1");
      } catch {
        text = "<unreadable>";
      }
      out.set(rel, `file ${mode} ${text}`);
    } else out.set(rel, `special ${mode}`);
  };
  walk("");
  return out;
}

/** Runs the CLI in-process (for cases that cannot hang). */
async function run(dir: string, ...argv: string[]) {
  const out = Console.memory();
  const code = await main(argv, out, dir);
  return { code, stdout: out.stdout.join("\n"), stderr: out.stderr.join("\n") };
}

/** Runs the CLI in a child process that is killed after 60 s, for cases that hung on a FIFO. */
function runChild(dir: string, ...argv: string[]) {
  const script = `import(${JSON.stringify(join(repo, "src/cli/main.ts"))}).then((m) => m.main(process.argv.slice(1))).then((c) => { process.exitCode = c; });`;
  const r = spawnSync(process.execPath, ["--import", import.meta.resolve("tsx"), "--input-type=module", "-e", script, "--", ...argv], {
    cwd: dir,
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, NODE_OPTIONS: "" },
  });
  assert.equal(r.signal, null, `the CLI did not finish within 60 s (killed by ${r.signal})`);
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The checks every failing case shares: exit 2, the code at the path, no crash report, nothing written. */
function assertFsError(r: { code: number | null; stderr: string }, code: DiagnosticCode, path: string): void {
  assert.equal(r.code, 2, r.stderr);
  assert.ok(
    r.stderr.split("\n").some((l) => l.startsWith(`${path} - error ${code}: `)),
    `no error ${code} naming ${path} in:\n${r.stderr}`,
  );
  assert.doesNotMatch(r.stderr, /internal error|This is a bug/);
  assert.doesNotMatch(r.stderr, /\n\s+at .*:\d+:\d+/, "no stack trace");
  assert.doesNotMatch(r.stderr, /Run kube-codegen --help/);
  assert.doesNotMatch(r.stderr, /\bE[A-Z]{3,}\b: /, "no raw Node error");
  assert.ok(r.stderr.length < 2000, `a short report, not a path hundreds of segments long:\n${r.stderr.slice(0, 300)}`);
  assert.match(r.stderr, /nothing was written/);
}

/**
 * Skips a permission case when permissions do not block this process (root, or a file system
 * that ignores modes): `blocked` tries the access the mode should refuse.
 */
function skipUnlessBlocked(t: TestContext, blocked: () => boolean): boolean {
  if (process.getuid?.() === 0) {
    t.skip("running as root: file modes do not stop reads or writes");
    return true;
  }
  if (!blocked()) {
    t.skip("this file system does not enforce the mode");
    return true;
  }
  return false;
}

function refuses(f: () => unknown): boolean {
  try {
    f();
    return false;
  } catch {
    return true;
  }
}

function hasMkfifo(): boolean {
  return spawnSync("mkfifo", ["--version"]).error === undefined;
}

test("the workspace generates cleanly as it is (the cases below each break one thing)", async () => {
  const dir = workspace();
  const r = await run(dir, "generate", ...FLAGS);
  assert.equal(r.code, 0, r.stderr);
  assert.match(readFileSync(join(dir, DEEPCOPY), "utf8"), /Code generated by kube-codegen/);
});

test("an unreadable input directory is KCG1020 naming it", async (t) => {
  const dir = workspace();
  chmodSync(join(dir, "input/widgets/v1"), 0o000);
  t.after(() => chmodSync(join(dir, "input/widgets/v1"), 0o755));
  if (skipUnlessBlocked(t, () => refuses(() => readdirSync(join(dir, "input/widgets/v1"))))) return;
  const before = snapshot(dir);
  assertFsError(await run(dir, "generate", ...FLAGS), Code.unreadablePath, "input/widgets/v1");
  assert.deepEqual(snapshot(dir), before);
});

test("an unreadable input file is KCG1020 naming it", async (t) => {
  const dir = workspace();
  const file = join(dir, "input/widgets/v1/types.ts");
  chmodSync(file, 0o000);
  if (skipUnlessBlocked(t, () => refuses(() => readFileSync(file)))) return;
  const before = snapshot(dir);
  assertFsError(await run(dir, "generate", ...FLAGS), Code.unreadablePath, "input/widgets/v1/types.ts");
  assert.deepEqual(snapshot(dir), before);
});

test("a dangling symbolic link in the input is KCG1021 naming it", async () => {
  const dir = workspace();
  symlinkSync("missing.ts", join(dir, "input/widgets/v1/extra.ts"));
  const before = snapshot(dir);
  const r = await run(dir, "generate", ...FLAGS);
  assertFsError(r, Code.danglingSymlink, "input/widgets/v1/extra.ts");
  assert.match(r.stderr, /missing\.ts, which does not exist/);
  assert.deepEqual(snapshot(dir), before);
});

test("a directory link back into the input is KCG1022, found at its first turn", async () => {
  const dir = workspace();
  symlinkSync("..", join(dir, "input/widgets/loop"));
  const before = snapshot(dir);
  assertFsError(await run(dir, "generate", ...FLAGS), Code.symlinkLoop, "input/widgets/loop");
  assert.deepEqual(snapshot(dir), before);
});

test("a loop deeper in an output area (the client's recursive folder) is KCG1022 too", async () => {
  const dir = workspace();
  assert.equal((await run(dir, "generate", ...FLAGS)).code, 0);
  symlinkSync("..", join(dir, "out/clientset/widgets/back"));
  const before = snapshot(dir);
  assertFsError(await run(dir, "generate", ...FLAGS), Code.symlinkLoop, "out/clientset/widgets/back");
  assert.deepEqual(snapshot(dir), before);
});

test("file links that point at each other are KCG1022", async () => {
  const dir = workspace();
  symlinkSync("b.ts", join(dir, "input/widgets/v1/a.ts"));
  symlinkSync("a.ts", join(dir, "input/widgets/v1/b.ts"));
  const before = snapshot(dir);
  assertFsError(await run(dir, "generate", ...FLAGS), Code.symlinkLoop, "input/widgets/v1/a.ts");
  assert.deepEqual(snapshot(dir), before);
});

test("a FIFO named like a source file is skipped with warning KCG1023, never opened", (t) => {
  if (!hasMkfifo()) return t.skip("mkfifo is not available");
  const dir = workspace();
  assert.equal(spawnSync("mkfifo", [join(dir, "input/widgets/v1/pipe.ts")]).status, 0);
  const r = runChild(dir, "generate", ...FLAGS);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, new RegExp(`^input/widgets/v1/pipe\\.ts - warning ${Code.specialFileSkipped}: is a FIFO`, "m"));
  assert.match(readFileSync(join(dir, DEEPCOPY), "utf8"), /Code generated by kube-codegen/);
  assert.ok(lstatSync(join(dir, "input/widgets/v1/pipe.ts")).isFIFO());
});

test("a FIFO as the header file is KCG1024, not a hang", (t) => {
  if (!hasMkfifo()) return t.skip("mkfifo is not available");
  const dir = workspace();
  assert.equal(spawnSync("mkfifo", [join(dir, "header.txt")]).status, 0);
  const before = snapshot(dir);
  const r = runChild(dir, "generate", ...FLAGS, "--header=header.txt");
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, new RegExp(`^header\\.txt - error ${Code.notAFile}: is a FIFO, not a file`, "m"));
  assert.deepEqual(snapshot(dir), before);
});

test("a directory where a generated file goes is KCG1024 naming it", async () => {
  const dir = workspace();
  mkdirSync(join(dir, DEEPCOPY));
  const before = snapshot(dir);
  assertFsError(await run(dir, "generate", ...FLAGS), Code.notAFile, DEEPCOPY);
  assert.deepEqual(snapshot(dir), before);
});

test("a file where the CRD output folder goes is KCG1025 naming it, before anything is written", async () => {
  const dir = workspace();
  mkdirSync(join(dir, "out"));
  writeFileSync(join(dir, "out/crds"), "not a folder\n");
  const before = snapshot(dir);
  assertFsError(await run(dir, "generate", ...FLAGS), Code.notADirectory, "out/crds");
  // The deep copy and the clients, which sort before out/crds, were not written either.
  assert.deepEqual(snapshot(dir), before);
});

test("a file as the input directory is KCG1025", async () => {
  const dir = workspace();
  writeFileSync(join(dir, "apis"), "");
  const r = await run(dir, "generate", "--input=apis", "--output=out", "--crd-output=out/crds");
  assert.equal(r.code, 2);
  assert.match(r.stderr, new RegExp(`^apis - error ${Code.notADirectory}: `, "m"));
});

test("a directory as the config file is KCG1024", async () => {
  const dir = workspace();
  mkdirSync(join(dir, "kube-codegen.config.json"));
  const r = await run(dir, "generate", ...FLAGS);
  assert.equal(r.code, 2);
  assert.match(r.stderr, new RegExp(`^kube-codegen\\.config\\.json - error ${Code.notAFile}: is a directory`, "m"));
  assert.doesNotMatch(r.stderr, /internal error|EISDIR/);
});

test("a read-only output folder is KCG1026 naming it, before anything is written", async (t) => {
  const dir = workspace();
  mkdirSync(join(dir, "out/crds"), { recursive: true });
  chmodSync(join(dir, "out/crds"), 0o555);
  t.after(() => chmodSync(join(dir, "out/crds"), 0o755));
  if (skipUnlessBlocked(t, () => refuses(() => writeFileSync(join(dir, "out/crds/probe"), "")))) return;
  const before = snapshot(dir);
  assertFsError(await run(dir, "generate", ...FLAGS), Code.cannotWrite, "out/crds");
  assert.deepEqual(snapshot(dir), before);
});

test("an unreadable folder in an output area is KCG1020 naming it", async (t) => {
  const dir = workspace();
  assert.equal((await run(dir, "generate", ...FLAGS)).code, 0);
  const sub = join(dir, "out/clientset/widgets");
  chmodSync(sub, 0o000);
  t.after(() => chmodSync(sub, 0o755));
  if (skipUnlessBlocked(t, () => refuses(() => readdirSync(sub)))) return;
  const before = snapshot(dir);
  assertFsError(await run(dir, "generate", ...FLAGS), Code.unreadablePath, "out/clientset/widgets");
  assert.deepEqual(snapshot(dir), before);
});

for (const mode of ["generate", "verify"]) {
  test(`${mode}: a hand-written file at a zz_generated.* output path is KCG1027 naming it, and is kept`, async () => {
    const dir = workspace();
    writeFileSync(join(dir, DEEPCOPY), "// my own deep copies\nexport const mine = 1;\n");
    const before = snapshot(dir);
    const r = await run(dir, mode, ...FLAGS);
    assertFsError(r, Code.handWrittenFile, DEEPCOPY);
    assert.deepEqual(snapshot(dir), before);
  });
}

test("a hand-written file at a CRD or client path is KCG1027 too, whatever its name", async () => {
  const dir = workspace();
  assert.equal((await run(dir, "generate", ...FLAGS)).code, 0);
  const crd = readdirSync(join(dir, "out/crds"))[0]!;
  writeFileSync(join(dir, "out/crds", crd), "# my own CRD\n");
  writeFileSync(join(dir, "out/clientset/clientset.ts"), "// mine\n");
  const before = snapshot(dir);
  const r = await run(dir, "generate", ...FLAGS);
  assertFsError(r, Code.handWrittenFile, `out/crds/${crd}`);
  assert.match(r.stderr, new RegExp(`^out/clientset/clientset\\.ts - error ${Code.handWrittenFile}: `, "m"));
  // The hint gives the generated line in each file's own comment syntax: `#` in YAML, `//` in TypeScript.
  const hints = r.stderr.split("\n").filter((l) => l.includes("hint: move or rename this file"));
  assert.equal(hints.length, 2, r.stderr);
  assert.ok(
    hints.some((h) => h.includes('add the line "# Code generated by kube-codegen. DO NOT EDIT."')),
    r.stderr,
  );
  assert.ok(
    hints.some((h) => h.includes('add the line "// Code generated by kube-codegen. DO NOT EDIT."')),
    r.stderr,
  );
  assert.deepEqual(snapshot(dir), before);
});

test("a write that fails after the checks (the disk changed meanwhile) says which files were already written", async () => {
  const dir = workspace();
  const result = await runPipeline(testOptions(dir));
  const plan = planOutput(dir, result.files, existingGenerated(dir, result.owned));
  assert.deepEqual([...plan.diagnostics, ...checkWritable(dir, plan)], []);
  assert.ok(plan.write.length >= 3);
  // Something puts a directory where the last file goes, after the plan was checked.
  const last = plan.write[plan.write.length - 1]!.path;
  mkdirSync(join(dir, last), { recursive: true });
  const applied = applyPlan(dir, plan);
  assert.equal(applied.failure?.code, Code.notAFile);
  assert.equal(applied.failure.file, last);
  assert.deepEqual(
    applied.written,
    plan.write.slice(0, -1).map((f) => f.path),
  );
  assert.deepEqual(
    readdirSync(join(dir, last.slice(0, last.lastIndexOf("/")))).filter((n) => n.includes(".tmp")),
    [],
    "no temporary file left",
  );
});

test("a file that takes a new generated file's path after the checks is written over, as an existing file is", async () => {
  const dir = workspace();
  const result = await runPipeline(testOptions(dir));
  const plan = planOutput(dir, result.files, existingGenerated(dir, result.owned));
  assert.deepEqual([...plan.diagnostics, ...checkWritable(dir, plan)], []);
  const last = plan.write[plan.write.length - 1]!;
  assert.equal(plan.previous.has(last.path), false, "a new file");
  mkdirSync(dirname(join(dir, last.path)), { recursive: true });
  writeFileSync(join(dir, last.path), "someone else's text\n");
  const applied = applyPlan(dir, plan);
  assert.equal(applied.failure, undefined);
  assert.equal(applied.written.length, plan.write.length);
  for (const f of plan.write) assert.equal(readFileSync(join(dir, f.path), "utf8"), f.content, f.path);
  assert.deepEqual(
    readdirSync(dirname(join(dir, last.path))).filter((n) => n.includes(".tmp")),
    [],
    "no temporary file left",
  );
});

test("validate: a directory link looping back in --crds is exit 2 naming it, found at its first turn", async () => {
  const dir = tempDir("kcg-fs-");
  mkdirSync(join(dir, "crds/more"), { recursive: true });
  writeFileSync(
    join(dir, "crds/widgets.yaml"),
    readFileSync(join(repo, "generated-examples/config/crd/bases/kitchensink.example.com_widgets.yaml")),
  );
  writeFileSync(join(dir, "widget.yaml"), "apiVersion: kitchensink.example.com/v1\nkind: Widget\nmetadata: {name: w}\n");
  symlinkSync("..", join(dir, "crds/more/back"));
  const before = snapshot(dir);
  const r = await run(dir, "validate", "--crds", join(dir, "crds"), join(dir, "widget.yaml"));
  assert.equal(r.code, 2, r.stdout + r.stderr);
  assert.match(r.stderr, /crds\/more\/back is a symbolic link to a directory it is inside \(a loop\)/);
  assert.ok(r.stderr.length < 500, r.stderr.slice(0, 300));
  assert.deepEqual(snapshot(dir), before);
});

test("validate: a FIFO as the file of resources is exit 2, not a hang", (t) => {
  if (!hasMkfifo()) return t.skip("mkfifo is not available");
  const dir = tempDir("kcg-fs-");
  mkdirSync(join(dir, "crds"));
  writeFileSync(
    join(dir, "crds/widgets.yaml"),
    readFileSync(join(repo, "generated-examples/config/crd/bases/kitchensink.example.com_widgets.yaml")),
  );
  assert.equal(spawnSync("mkfifo", [join(dir, "pipe.yaml")]).status, 0);
  const r = runChild(dir, "validate", "--crds", "crds", "pipe.yaml");
  assert.equal(r.code, 2, r.stdout + r.stderr);
  assert.match(r.stderr, /pipe\.yaml is a FIFO, not a file of manifests/);
});
