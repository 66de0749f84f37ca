// The command line and config file references (docs/reference/cli.md, config.md) must keep up with
// the CLI: every flag of generate, every config key and every command appear in them. The README's
// generator table and what it says is not built must be true.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CONFIG_KEYS, generatorNames } from "../../src/config/index.js";
import { main } from "../../src/cli/main.js";
import { Console } from "../../src/cli/console.js";

const repo = join(import.meta.dirname, "../..");
const readme = readFileSync(join(repo, "README.md"), "utf8");
// The two reference pages the command line is documented in.
const reference = ["docs/reference/cli.md", "docs/reference/config.md"].map((p) => readFileSync(join(repo, p), "utf8")).join("\n");

/**
 * The CLI's --help text, in process: yargs prints help with console.log itself (not through the
 * Out it is given), so console.log is captured for the call.
 */
async function help(...argv: string[]): Promise<string> {
  const lines: string[] = [];
  const log = console.log;
  console.log = (...args: unknown[]) => void lines.push(args.join(" "));
  try {
    const out = Console.memory();
    assert.equal(await main([...argv, "--help"], out), 0);
    assert.deepEqual(out.stderr, []);
  } finally {
    console.log = log;
  }
  assert.ok(lines.length > 0, `kube-codegen ${argv.join(" ")} --help printed nothing`);
  return lines.join("\n") + "\n";
}

test("every flag of generate, test-server, validate and import is in the reference", async () => {
  for (const command of ["generate", "test-server", "validate", "import"]) {
    const flags = [...(await help(command)).matchAll(/^\s+(--[a-z-]+)/gm)].map((m) => m[1]!).filter((f) => f !== "--help");
    assert.ok(flags.length > 0, `no flags parsed from ${command} --help`);
    for (const f of flags) {
      // Boolean flags that default to true are documented by their --no- form.
      assert.ok(reference.includes(f) || reference.includes(f.replace(/^--/, "--no-")), `the reference lacks ${command} ${f}`);
    }
  }
});

test("every config key is in the reference and every generator in the README", () => {
  for (const k of CONFIG_KEYS) assert.ok(reference.includes(`\`${k}\``), `the reference lacks config key ${k}`);
  for (const g of generatorNames) assert.ok(readme.includes(`\`${g}\``), `README lacks generator ${g}`);
});

test("every command is in the reference", async () => {
  const commands = [...(await help()).matchAll(/^\s+kube-codegen ([a-z-]+)/gm)].map((m) => m[1]!);
  assert.ok(commands.length >= 5);
  for (const c of commands) assert.ok(reference.includes(`kube-codegen ${c}`), `the reference lacks kube-codegen ${c}`);
});

test("the README says what is not built and does not offer an npm registry install", () => {
  assert.match(readme, /\*\*Not built yet\.\*\*/);
  // Every generator that exists is documented as done, none as planned or not built.
  const notBuilt = /\*\*Not built yet\.\*\*([^]*?)\n\n/.exec(readme)?.[1] ?? "";
  for (const g of generatorNames) {
    assert.ok(!notBuilt.includes(`\`${g}\` generator`) && !notBuilt.includes(`\`${g}\` and`), `README says ${g} is not built`);
    assert.match(readme, new RegExp(`^\\| \`${g}\` +\\|.*\\| done \\|$`, "m"), `README's generator table lacks ${g} as done`);
  }
  assert.doesNotMatch(readme, /\| planned \|/);
  assert.doesNotMatch(readme, /^npm install kube-codegen\b/m);
});
