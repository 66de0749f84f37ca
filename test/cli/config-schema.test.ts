// The config file's JSON Schema: config.schema.json is what the option table generates, the
// package ships it, every config file the repository carries (the root's, each example project's,
// and those the docs tell a user to write) names it by $schema and passes it, and a config with a
// typo'd key, a wrong type and an unknown generator gets three positioned errors from the CLI,
// exit 2, with nothing written.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { Ajv } from "ajv";
import { main } from "../../src/cli/main.js";
import { planInit } from "../../src/scaffold/index.js";
import { Console } from "../../src/cli/console.js";
import {
  CONFIG_SCHEMA_FILE,
  configSchema,
  configSchemaText,
  optionTable,
  resolveOptions,
  type OptionSpec,
} from "../../src/config/index.js";
import { exampleGroupDir, exampleProjects, repo } from "../helpers/examples.js";
import { snapshot, tempDir } from "../helpers/fs.js";

const committed = readFileSync(join(repo, CONFIG_SCHEMA_FILE), "utf8");

/** The committed schema compiled by a fresh ajv, as an editor or another tool would read the file. */
function committedValidator() {
  const ajv = new Ajv({ allErrors: true, allowUnionTypes: true, strict: true });
  ajv.addVocabulary(["markdownDescription"]);
  return ajv.compile(JSON.parse(committed) as object);
}

test("config.schema.json is exactly what the option table generates (hack/update-codegen.sh rewrites it)", () => {
  assert.equal(committed, configSchemaText(), "stale: run hack/update-codegen.sh");
});

test("the schema has one property per config-file option with the table's type, choices and default, and refuses others", () => {
  const schema = configSchema();
  const rows = (optionTable as readonly OptionSpec[]).filter((o) => o.inConfigFile);
  assert.deepEqual(Object.keys(schema.properties), ["$schema", ...rows.map((o) => o.key)]);
  assert.equal(schema.additionalProperties, false);
  assert.equal(schema.$schema, "http://json-schema.org/draft-07/schema#");
  for (const o of rows) {
    const p = schema.properties[o.key]!;
    assert.equal(p.default, o.default, o.key);
    assert.equal(p.markdownDescription?.startsWith(o.description), true, o.key);
    if (o.type === "list") {
      assert.deepEqual(p.type, ["string", "array"], o.key);
      assert.deepEqual(p.items?.enum, o.values, o.key);
    } else {
      assert.equal(p.type, o.type, o.key);
      if (o.type === "string") assert.deepEqual(p.enum, o.values, o.key);
    }
  }
  assert.deepEqual(schema.properties["generators"]?.items?.enum, [
    "deepcopy",
    "register",
    "conversion",
    "crd",
    "client",
    "lister",
    "informer",
    "rbac",
    "webhook",
    "all",
  ]);
  assert.deepEqual(schema.properties["crdCompat"]?.enum, ["current", "v0.13"]);
  assert.equal(schema.properties["maxDescLen"]?.minimum, 0);
  // Options about the file itself or about printing are flags only.
  for (const k of ["config", "quiet", "verbose"]) assert.equal(schema.properties[k], undefined, k);
});

test("the committed schema accepts what the CLI accepts and refuses what it refuses", () => {
  const validate = committedValidator();
  const ok = [{}, { generators: "deepcopy, crd" }, { generators: ["informer"] }, { maxDescLen: 0 }, { crdCompat: "v0.13" }];
  for (const c of ok) {
    assert.equal(validate(c), true, JSON.stringify(c));
    assert.deepEqual(withConfigText(JSON.stringify(c)).diagnostics, [], JSON.stringify(c));
  }
  const bad = [
    { inptu: "apis" },
    { output: 3 },
    { generators: ["clinet"] },
    { generators: "deepcopy,listers" },
    { maxDescLen: 1.5 },
    { input: "" },
  ];
  for (const c of bad) {
    assert.equal(validate(c), false, JSON.stringify(c));
    assert.notDeepEqual(withConfigText(JSON.stringify(c)).diagnostics, [], JSON.stringify(c));
  }
});

test("the package ships the schema and exports it as kube-codegen/config.schema.json", () => {
  const manifest = JSON.parse(readFileSync(join(repo, "package.json"), "utf8")) as { files: string[]; exports: Record<string, unknown> };
  assert.ok(manifest.files.includes(CONFIG_SCHEMA_FILE));
  assert.equal(manifest.exports["./config.schema.json"], "./config.schema.json");
  // Resolved through the package's own exports, as a user's tool resolves it from node_modules.
  const resolved = createRequire(join(repo, "package.json")).resolve("kube-codegen/config.schema.json");
  assert.equal(resolved, join(repo, CONFIG_SCHEMA_FILE));
});

test("every bundled config names config.schema.json by a $schema relative to itself, and validates", () => {
  const validate = committedValidator();
  const projects = exampleProjects();
  assert.ok(projects.length >= 4, "the root config and the example projects");
  for (const p of projects) {
    const text = readFileSync(p.config, "utf8");
    const json = JSON.parse(text) as { $schema?: string };
    const where = relative(repo, p.config);
    assert.equal(typeof json.$schema, "string", `${where} has no $schema`);
    assert.equal(resolve(dirname(p.config), json.$schema!), join(repo, CONFIG_SCHEMA_FILE), `${where}: $schema`);
    assert.equal(validate(json), true, `${where}: ${JSON.stringify(validate.errors)}`);
    const r = resolveOptions({ config: p.config }, p.dir);
    assert.deepEqual(r.diagnostics, [], where);
    assert.ok(r.options, where);
  }
});

test("every config file the docs tell a user to write, and the one kube-codegen init writes, validates", () => {
  const validate = committedValidator();
  const pages = [join(repo, "README.md"), ...markdownUnder(join(repo, "docs"))];
  const blocks: { where: string; text: string }[] = [];
  for (const page of pages) {
    const md = readFileSync(page, "utf8");
    for (const m of md.matchAll(/^```json file=(\S*kube-codegen\.config\.json)\n([\s\S]*?)^```$/gm))
      blocks.push({ where: `${relative(repo, page)} (${m[1]})`, text: m[2]! });
  }
  // The project init scaffolds, written out, so that the files its config names exist.
  const project = tempDir();
  const files = planInit(
    {
      domain: "my.domain",
      owner: "me",
      dir: "/tmp/project",
      year: 2026,
      versions: { kubeCodegen: "0.1.0", typescript: "5.9", tsx: "^4", typesNode: "^20", promClient: "^15" },
    },
    () => undefined,
  ).write;
  for (const [path, text] of files) {
    mkdirSync(dirname(join(project, path)), { recursive: true });
    writeFileSync(join(project, path), text);
  }
  const scaffolded = files.get("kube-codegen.config.json");
  assert.ok(scaffolded !== undefined, "kube-codegen init writes a kube-codegen.config.json");
  assert.equal(validate(JSON.parse(scaffolded)), true, `kube-codegen init: ${JSON.stringify(validate.errors)}`);
  assert.deepEqual(resolveOptions({ config: join(project, "kube-codegen.config.json") }, project).diagnostics, [], "kube-codegen init");
  for (const b of blocks) {
    assert.equal(validate(JSON.parse(b.text)), true, `${b.where}: ${JSON.stringify(validate.errors)}`);
    assert.deepEqual(withConfigText(b.text).diagnostics, [], b.where);
  }
});

test("a typo'd key, a wrong type and an unknown generator: three positioned errors with suggestions, exit 2, nothing written", async () => {
  const dir = tempDir();
  cpSync(exampleGroupDir("samplecontroller"), join(dir, "apis", "samplecontroller"), { recursive: true });
  writeFileSync(
    join(dir, "kube-codegen.config.json"),
    ["{", '  "inptu": "apis",', '  "output": 3,', '  "generators": ["deepcopy", "clinet"]', "}", ""].join("\n"),
  );
  const before = snapshot(dir);
  const out = Console.memory();
  const code = await main(["generate"], out, dir);
  assert.equal(code, 2);
  const stderr = out.stderr.join("\n");
  const errors = stderr.match(/^\S+:\d+:\d+ - error KCG\d+: .*$/gm) ?? [];
  assert.deepEqual(errors, [
    'kube-codegen.config.json:2:3 - error KCG1011: unknown config key "inptu"',
    'kube-codegen.config.json:3:13 - error KCG1016: config key "output" must be a string, not 3',
    'kube-codegen.config.json:4:30 - error KCG1015: unknown generator "clinet"',
  ]);
  assert.match(stderr, /hint: did you mean "input"\? known keys: input, output, /);
  assert.match(stderr, /hint: e\.g\. "output": "generated"/);
  assert.match(
    stderr,
    /hint: did you mean "client"\? choose from deepcopy, register, conversion, crd, client, lister, informer, rbac, webhook or all/,
  );
  // The excerpt underlines the key or value in the file's own line.
  assert.match(stderr, /^4 {3}"generators": \["deepcopy", "clinet"\]\n {31}~{8}$/m);
  assert.match(stderr, /Found 3 errors\./);
  assert.doesNotMatch(stderr, /\n\s+at .*:\d+:\d+\)?\n/, "no stack trace");
  assert.deepEqual(snapshot(dir), before, "nothing written");
});

test("$schema is accepted and ignored; a value the schema cannot judge is still checked, at its place in the file", () => {
  const r = withConfigText('{ "$schema": "./node_modules/kube-codegen/config.schema.json", "input": "my/apis" }');
  assert.deepEqual(r.diagnostics, []);
  assert.equal(r.options?.input, "my/apis");
  const missing = withConfigText('{\n  "header": "hack/boilerplate.txt"\n}').diagnostics;
  assert.equal(missing.length, 1);
  assert.deepEqual([missing[0]?.code, missing[0]?.line, missing[0]?.col], ["KCG1013", 2, 13]);
  const versions = withConfigText('{ "serverVersions": "1.40" }').diagnostics;
  assert.deepEqual([versions[0]?.code, versions[0]?.line, versions[0]?.col], ["KCG1028", 1, 21]);
  // Given by a flag instead, the same problem has no place in the file.
  assert.equal(resolveOptions({ header: "hack/boilerplate.txt" }, tempDir()).diagnostics[0]?.line, undefined);
});

test("each kind of schema problem has its code, message and position", () => {
  const cases: [string, string, string, number, number][] = [
    ['{ "maxDescLen": -1 }', "KCG1014", "maxDescLen must be a whole number >= 0, not -1", 1, 17],
    ['{ "maxDescLen": 2.5 }', "KCG1014", "maxDescLen must be a whole number >= 0, not 2.5", 1, 17],
    ['{ "input": "" }', "KCG1017", 'config key "input" needs a value', 1, 12],
    ['{ "boundsMerge": "feild" }', "KCG1018", 'config key "boundsMerge" must be one of allOf, field, not "feild"', 1, 18],
    ['{ "generators": "deepcopy,listers" }', "KCG1015", 'unknown generator "listers"', 1, 17],
    ['{ "generators": [5] }', "KCG1016", 'each item of config key "generators" must be a string, not 5', 1, 18],
    ["[1]", "KCG1016", "config file must hold a JSON object of options, not an array", 1, 1],
    ['{\n  "input": "apis",\n}', "KCG1012", "config file is not valid JSON: Expected double-quoted property name", 3, 1],
    ['{ "input": "apis"', "KCG1012", "config file is not valid JSON: Expected ',' or '}' after property value", 1, 18],
  ];
  for (const [text, code, message, line, col] of cases) {
    const d = withConfigText(text).diagnostics;
    assert.equal(d.length, 1, `${text}: ${JSON.stringify(d)}`);
    assert.deepEqual([d[0]?.code, d[0]?.message, d[0]?.line, d[0]?.col], [code, message, line, col], text);
  }
  assert.equal(withConfigText('{ "boundsMerge": "feild" }').diagnostics[0]?.hint, 'did you mean "field"?');
});

test("a value of any size or depth is one short message, not a crash (the message names its kind, not its text)", () => {
  const deep = 100_000;
  const nested = withConfigText(`{ "input": ${"[".repeat(deep)}${"]".repeat(deep)} }`).diagnostics;
  assert.deepEqual(
    nested.map((d) => [d.code, d.message, d.line, d.col]),
    [["KCG1016", 'config key "input" must be a string, not a list', 1, 12]],
  );
  const long = withConfigText(JSON.stringify({ crdCompat: "x".repeat(1_000_000) })).diagnostics;
  assert.equal(long[0]?.code, "KCG1018");
  assert.ok(long[0]?.message.length < 200, long[0]?.message.slice(0, 300));
});

function withConfigText(text: string) {
  const dir = tempDir();
  writeFileSync(join(dir, "kube-codegen.config.json"), text);
  return resolveOptions({}, dir);
}

function markdownUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((n) => {
      const p = join(dir, n);
      return statSync(p).isDirectory() ? markdownUnder(p) : n.endsWith(".md") ? [p] : [];
    });
}
