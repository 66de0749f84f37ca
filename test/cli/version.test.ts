// `kube-codegen --version` (and -V) prints the version of the package it runs from, read from its
// package.json at run time, and exits 0; it works before or after a command name, as yargs does.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { main } from "../../src/cli/main.js";
import { Console } from "../../src/cli/console.js";

const pkg = JSON.parse(readFileSync(join(import.meta.dirname, "../../package.json"), "utf8")) as { version: string };

/** yargs prints the version with console.log itself (not through the Out it is given), so it is captured. */
async function run(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const lines: string[] = [];
  const log = console.log;
  console.log = (...args: unknown[]) => void lines.push(args.join(" "));
  const out = Console.memory();
  try {
    const code = await main(argv, out);
    return { code, stdout: [...lines, ...out.stdout].join("\n"), stderr: out.stderr.join("\n") };
  } finally {
    console.log = log;
  }
}

for (const argv of [["--version"], ["-V"], ["generate", "--version"]]) {
  test(`kube-codegen ${argv.join(" ")} prints the package version and exits 0`, async () => {
    const r = await run(...argv);
    assert.equal(r.code, 0, r.stderr);
    assert.match(pkg.version, /^\d+\.\d+\.\d+/);
    assert.equal(r.stdout, pkg.version);
    assert.equal(r.stderr, "");
  });
}

test("--help lists --version with -V", async () => {
  const r = await run("--help");
  assert.equal(r.code, 0);
  assert.match(r.stdout, /^\s+-V, --version\s+print the version of kube-codegen/m);
});
