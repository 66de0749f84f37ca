// `kube-codegen validate --crds DIR` with no resource files checks the CRDs alone (exit 0 valid, 1
// invalid, 2 usage), and --server-versions picks the server versions whose checks apply: a CRD
// only some of them reject is a warning naming them (test/fixtures/cel-cost-1.24, PROVENANCE.md).
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { main } from "../../src/cli/main.js";
import { Console } from "../../src/cli/console.js";
import { tempDir } from "../helpers/fs.js";

const recorded = (
  JSON.parse(readFileSync(new URL("../fixtures/cel-cost-1.24/crds.json", import.meta.url), "utf8")) as {
    crds: { name: string; crd: unknown; status: number }[];
  }
).crds;
const crdOf = (name: string): unknown => recorded.find((c) => c.name === name)!.crd;

function crdDir(...names: string[]): string {
  const dir = join(tempDir(), "crds");
  mkdirSync(dir);
  for (const n of names) writeFileSync(join(dir, `${n}.json`), JSON.stringify(crdOf(n)));
  return dir;
}

async function validate(...argv: string[]): Promise<{ code: number; stdout: string[]; stderr: string[] }> {
  const out = Console.memory();
  const code = await main(["validate", ...argv], out);
  return { code, stdout: out.stdout, stderr: out.stderr };
}

test("validate --crds alone: valid CRDs exit 0 with a count naming the versions checked", async () => {
  const r = await validate("--crds", crdDir("parentrefs-existsone-32", "matches-unbounded-list-4"));
  assert.deepEqual(r.stderr, []);
  assert.deepEqual(r.stdout, ["2 CustomResourceDefinitions checked for Kubernetes 1.35-1.37: all valid"]);
  assert.equal(r.code, 0);
});

test("validate --crds alone: a CRD every target version rejects exits 1 with the server's reason", async () => {
  const r = await validate("--crds", crdDir("matches-unbounded-list-16", "matches-unbounded-list-4"));
  assert.equal(r.code, 1);
  assert.equal(r.stdout.length, 2);
  assert.match(
    r.stdout[0]!,
    /matches-unbounded-list-16\.json\[0\] CustomResourceDefinition matchesunboundedlist16s\.cost\.example\.com: the API server would reject it: spec\.validation\.openAPIV3Schema\.properties\[spec\]\.properties\[l\]\.items\.x-kubernetes-validations\[0\]\.rule: Forbidden: estimated rule cost exceeds budget by factor of 1\.006635x/,
  );
  assert.equal(r.stdout[1], "2 CustomResourceDefinitions checked for Kubernetes 1.35-1.37: 1 invalid");
});

test("validate --crds alone: a directory without CRDs, a bad --server-versions and a missing path are exit 2", async () => {
  const empty = join(tempDir(), "none");
  mkdirSync(empty);
  const none = await validate("--crds", empty);
  assert.equal(none.code, 2);
  assert.match(none.stderr.join("\n"), /holds no CustomResourceDefinition/);
  const bad = await validate("--crds", crdDir("matches-unbounded-list-4"), "--server-versions", "1.40");
  assert.equal(bad.code, 2);
  assert.deepEqual(bad.stderr, BAD_SERVER_VERSIONS);
  assert.equal((await validate("--crds", join(empty, "missing"))).code, 2);
});

/** What every command prints for --server-versions 1.40: the KCG1028 diagnostic. */
const BAD_SERVER_VERSIONS = [
  `error KCG1028: --server-versions: "1.40" is outside the versions the offline checks model (1.24-1.37)\n` +
    "  hint: the default is 1.35-1.37, the three newest minors the checks model\n",
  "Found 1 error.",
];

test("a bad --server-versions is the same KCG1028 diagnostic and exit 2 from validate, generate and verify", async () => {
  const crds = crdDir("matches-unbounded-list-4");
  for (const argv of [["validate", "--crds", crds], ["generate"], ["verify"]]) {
    const out = Console.memory();
    const code = await main([...argv, "--server-versions", "1.40"], out, tempDir());
    assert.equal(code, 2, argv.join(" "));
    assert.deepEqual(out.stderr, BAD_SERVER_VERSIONS, argv.join(" "));
    assert.deepEqual(out.stdout, [], argv.join(" "));
  }
});

test("--server-versions: a CRD 1.24 rejects for cost is a warning naming 1.24 in 1.24-1.32, invalid for 1.24 alone, fine by default", async () => {
  const dir = crdDir("parentrefs-all-32");
  const byDefault = await validate("--crds", dir);
  assert.equal(byDefault.code, 0);
  assert.deepEqual(byDefault.stderr, []);
  const wide = await validate("--crds", dir, "--server-versions", "1.24-1.32");
  assert.equal(wide.code, 0);
  assert.ok(wide.stderr.length > 0);
  for (const w of wide.stderr)
    assert.match(w, /^warning: .*parentrefsall32s\.cost\.example\.com: Kubernetes 1\.24 would reject it \(of 1\.24-1\.32\): /);
  assert.match(
    wide.stderr[0]!,
    /x-kubernetes-validations\[0\]\.rule: Forbidden: estimated rule cost exceeds budget by factor of more than 100x/,
  );
  assert.equal(
    wide.stdout.at(-1),
    `1 CustomResourceDefinition checked for Kubernetes 1.24-1.32: all valid, ${String(wide.stderr.length)} warnings`,
  );
  const old = await validate("--crds", dir, "--server-versions", "1.24");
  assert.equal(old.code, 1);
  assert.equal(old.stdout.at(-1), "1 CustomResourceDefinition checked for Kubernetes 1.24: 1 invalid");
});

test("validate --help names the default target versions", async () => {
  const lines: string[] = [];
  const log = console.log;
  console.log = (...args: unknown[]) => void lines.push(args.join(" "));
  try {
    assert.equal(await main(["validate", "--help"], Console.memory()), 0);
  } finally {
    console.log = log;
  }
  const help = lines.join("\n");
  assert.match(help, /--server-versions/);
  assert.match(help, /\(default: 1\.35-1\.37\)/);
  assert.match(help, /with no files, the CRDs alone/);
});

test("a CRD the target servers accept with a warning (recorded from 1.37.2) is valid, with the warning naming them", async () => {
  const { CREATES } = await import("../fixtures/apiserver-1.37/crd-warnings-cases.js");
  const dir = join(tempDir(), "crds");
  mkdirSync(dir);
  writeFileSync(join(dir, "moneys.json"), JSON.stringify(CREATES.find((c) => c.what === "a string format unknown")!.crd));
  const r = await validate("--crds", dir, "--server-versions", "1.33-1.37");
  assert.equal(r.code, 0);
  assert.deepEqual(r.stderr, [
    `warning: ${join(dir, "moneys.json")}[0] CustomResourceDefinition moneys.example.com: Kubernetes 1.34-1.37 would warn when it is written: spec.validation.openAPIV3Schema.properties[spec].properties[price].format: unrecognized format "money"`,
  ]);
  assert.equal(r.stdout.at(-1), "1 CustomResourceDefinition checked for Kubernetes 1.33-1.37: all valid, 1 warning");
  assert.deepEqual((await validate("--crds", dir, "--server-versions", "1.33")).stderr, []);
});
