// The conversion generator's diagnostics: a hand-written convert_ function the generated code needs
// and no file exports is a positioned error (exit 2, nothing written), as conversion-gen's compile
// failure; each field it could not convert is a positioned warning; hub markers that name nothing
// convertible are errors; `=false` opts a field out and `=true` takes the storage version.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { Console } from "../../../src/cli/console.js";
import { main } from "../../../src/cli/main.js";
import { tempDir } from "../../helpers/fs.js";

const HEAD = 'import type { ObjectMeta, TypeMeta, int32 } from "@kube-codegen/runtime";\n';
const kind = (extra = "") =>
  `// +kubebuilder:object:root=true\n${extra}export interface Boat extends TypeMeta {\n  metadata?: ObjectMeta;\n  spec: BoatSpec;\n}\n`;

function project(files: Record<string, string>): string {
  const dir = tempDir("kcg-conversion-");
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, "apis", path)), { recursive: true });
    writeFileSync(join(dir, "apis", path), text);
  }
  writeFileSync(join(dir, "kube-codegen.config.json"), JSON.stringify({ generators: ["deepcopy", "conversion"] }));
  return dir;
}

const doc = (version: string, extra = "") =>
  `// +k8s:deepcopy-gen=package\n${extra}// +groupName=boats.example.com\n\n// Package ${version}.\nexport {};\n`;

/** v1 (spoke, with `replicas`) and v2 (hub, with `size`), and `files` on top. */
function boats(files: Record<string, string> = {}): string {
  return project({
    "boats/v1/doc.ts": doc("v1", "// +k8s:conversion-gen=v2\n"),
    "boats/v1/types.ts": `${HEAD}\n// BoatSpec v1.\nexport interface BoatSpec {\n  name: string;\n  // +optional\n  replicas?: int32;\n}\n\n${kind()}`,
    "boats/v2/doc.ts": doc("v2"),
    "boats/v2/types.ts": `${HEAD}\n// BoatSpec v2.\nexport interface BoatSpec {\n  name: string;\n  // +optional\n  size?: int32;\n}\n\n${kind("// +kubebuilder:storageversion\n")}`,
    ...files,
  });
}

async function run(dir: string, ...argv: string[]) {
  const out = Console.memory();
  const code = await main(argv, out, dir);
  return { code, stdout: out.stdout.join("\n"), stderr: out.stderr.join("\n") };
}

test("a missing hand-written conversion is a positioned error, exit 2, nothing written; each unconvertible field a positioned warning", async () => {
  const dir = boats();
  const g = await run(dir, "generate", "--no-cache");
  assert.equal(g.code, 2, g.stderr);
  assert.match(
    g.stderr,
    /apis\/boats\/v1\/types\.ts:4:18 - error KCG1805: convert_v1_BoatSpec_To_v2_BoatSpec must be written by hand \(in_\.replicas: does not exist in v2\.BoatSpec\), and no file of boats\/v1 exports it/,
  );
  assert.match(g.stderr, /add to a file of boats\/v1: export function convert_v1_BoatSpec_To_v2_BoatSpec\(in_: BoatSpec\): v2\.BoatSpec/);
  assert.match(
    g.stderr,
    /error KCG1805: convert_v2_BoatSpec_To_v1_BoatSpec must be written by hand \(in_\.size: does not exist in v1\.BoatSpec\)/,
  );
  assert.match(
    g.stderr,
    /apis\/boats\/v1\/types\.ts:7:3 - warning KCG1804: v1\.BoatSpec\.replicas requires manual conversion to v2: does not exist in v2\.BoatSpec/,
  );
  assert.match(
    g.stderr,
    /apis\/boats\/v2\/types\.ts:7:3 - warning KCG1804: v2\.BoatSpec\.size requires manual conversion to v1: does not exist in v1\.BoatSpec/,
  );
  assert.equal(existsSync(join(dir, "apis/boats/v1/zz_generated.conversion.ts")), false);
  assert.equal(existsSync(join(dir, "apis/boats/v1/zz_generated.deepcopy.ts")), false, "no generator's files are written");
});

test("with the hand-written functions, generation succeeds without a warning and the generated code calls them", async () => {
  const dir = boats({
    "boats/v1/conversion.ts":
      'import type * as v2 from "../v2/types.js";\nimport type { BoatSpec } from "./types.js";\n' +
      'import { autoConvert_v1_BoatSpec_To_v2_BoatSpec, autoConvert_v2_BoatSpec_To_v1_BoatSpec } from "./zz_generated.conversion.js";\n\n' +
      "export function convert_v1_BoatSpec_To_v2_BoatSpec(in_: BoatSpec): v2.BoatSpec {\n  return { ...autoConvert_v1_BoatSpec_To_v2_BoatSpec(in_), ...(in_.replicas === undefined ? {} : { size: in_.replicas }) };\n}\n\n" +
      "export function convert_v2_BoatSpec_To_v1_BoatSpec(in_: v2.BoatSpec): BoatSpec {\n  return { ...autoConvert_v2_BoatSpec_To_v1_BoatSpec(in_), ...(in_.size === undefined ? {} : { replicas: in_.size }) };\n}\n",
  });
  const g = await run(dir, "generate", "--no-cache");
  assert.equal(g.code, 0, g.stderr);
  assert.doesNotMatch(g.stderr, /KCG18/);
  const spoke = readFileSync(join(dir, "apis/boats/v1/zz_generated.conversion.ts"), "utf8");
  assert.match(
    spoke,
    /import \{\s*convert_v1_BoatSpec_To_v2_BoatSpec,\s*convert_v2_BoatSpec_To_v1_BoatSpec,?\s*\} from "\.\/conversion\.js";/,
  );
  assert.match(spoke, /\/\/ WARNING: in_\.replicas requires manual conversion: does not exist in v2\.BoatSpec/);
  assert.match(spoke, /spec: convert_v1_BoatSpec_To_v2_BoatSpec\(in_\.spec\)/);
  assert.doesNotMatch(spoke, /export function convert_v1_BoatSpec_To_v2_BoatSpec/, "the hand-written one is not generated again");
  assert.match(readFileSync(join(dir, "apis/boats/v2/zz_generated.conversion.ts"), "utf8"), /v1: boatsV1\.boatSpokeConversion/);
});

test("a hand-written conversion with the wrong signature is an error at its declaration", async () => {
  const dir = boats({
    "boats/v1/conversion.ts":
      'import type { BoatSpec } from "./types.js";\n\nexport function convert_v1_BoatSpec_To_v2_BoatSpec(in_: BoatSpec, extra: number): BoatSpec {\n  return in_;\n}\n',
  });
  const g = await run(dir, "generate", "--no-cache");
  assert.equal(g.code, 2);
  assert.match(
    g.stderr,
    /apis\/boats\/v1\/conversion\.ts:3:17 - error KCG1806: convert_v1_BoatSpec_To_v2_BoatSpec has the wrong signature/,
  );
});

test("+k8s:conversion-gen=false on a field leaves it out without a warning; a type nothing calls only warns", async () => {
  const dir = boats({
    "boats/v1/types.ts":
      `${HEAD}\n// BoatSpec v1.\nexport interface BoatSpec {\n  name: string;\n  // +optional\n  // +k8s:conversion-gen=false\n  replicas?: int32;\n}\n\n` +
      `// Extra is in both versions, used by no kind.\nexport interface Extra {\n  count: string;\n}\n\n${kind()}`,
    "boats/v2/types.ts":
      `${HEAD}\n// BoatSpec v2.\nexport interface BoatSpec {\n  name: string;\n  // +optional\n  // +k8s:conversion-gen=false\n  size?: int32;\n}\n\n` +
      `// Extra is in both versions, used by no kind.\nexport interface Extra {\n  count: int32;\n}\n\n${kind("// +kubebuilder:storageversion\n")}`,
  });
  const g = await run(dir, "generate", "--no-cache");
  assert.equal(g.code, 0, g.stderr);
  const warnings = g.stderr.split("\n").filter((l) => l.includes("warning KCG1804"));
  assert.deepEqual(warnings, [
    "apis/boats/v1/types.ts:13:3 - warning KCG1804: v1.Extra.count requires manual conversion to v2: inconvertible types (string vs int32)",
    "apis/boats/v2/types.ts:13:3 - warning KCG1804: v2.Extra.count requires manual conversion to v1: inconvertible types (int32 vs string)",
  ]);
  const spoke = readFileSync(join(dir, "apis/boats/v1/zz_generated.conversion.ts"), "utf8");
  assert.match(spoke, /\/\/ INFO: in_\.replicas opted out of conversion generation/);
  assert.match(spoke, /export function convert_v1_BoatSpec_To_v2_BoatSpec\(in_: BoatSpec\): boatsV2\.BoatSpec/);
});

test("=true converts each kind through its +kubebuilder:storageversion version", async () => {
  const same = `${HEAD}\n// BoatSpec.\nexport interface BoatSpec {\n  name: string;\n}\n\n`;
  const dir = boats({
    "boats/v1/doc.ts": doc("v1", "// +k8s:conversion-gen=true\n"),
    "boats/v1/types.ts": same + kind(),
    "boats/v2/types.ts": same + kind("// +kubebuilder:storageversion\n"),
  });
  const g = await run(dir, "generate", "--no-cache");
  assert.equal(g.code, 0, g.stderr);
  assert.match(readFileSync(join(dir, "apis/boats/v2/zz_generated.conversion.ts"), "utf8"), /hub: "v2",/);
});

test("a hub marker naming no package, another group, or a spoke is a positioned error", async () => {
  const unknown = await run(boats({ "boats/v1/doc.ts": doc("v1", "// +k8s:conversion-gen=v3\n") }), "generate", "--no-cache");
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /apis\/boats\/v1\/doc\.ts:2:\d+ - error KCG1801: \+k8s:conversion-gen=v3 names no package of the input/);
  assert.match(unknown.stderr, /did you mean =v2\?/);
  const other = await run(
    boats({
      "boats/v1/doc.ts": doc("v1", "// +k8s:conversion-gen=example.com/project/apis/ships/v2\n"),
      "ships/v2/doc.ts": "// +groupName=ships.example.com\nexport {};\n",
      "ships/v2/types.ts": "// Hull is a hull.\nexport interface Hull {\n  name: string;\n}\n",
    }),
    "generate",
    "--no-cache",
  );
  assert.equal(other.code, 2);
  assert.match(other.stderr, /error KCG1802: .*names ships\/v2, of group ships\.example\.com, but boats\/v1 is of boats\.example\.com/);
  const chain = await run(
    boats({
      "boats/v2/doc.ts": doc("v2", "// +k8s:conversion-gen=v3\n"),
      "boats/v3/doc.ts": doc("v3"),
      "boats/v3/types.ts": `${HEAD}\n// BoatSpec.\nexport interface BoatSpec {\n  name: string;\n}\n\n${kind()}`,
    }),
    "generate",
    "--no-cache",
  );
  assert.equal(chain.code, 2);
  assert.match(chain.stderr, /error KCG1803: boats\/v1 converts Boat through boats\/v2, which converts it on to boats\/v3/);
});
