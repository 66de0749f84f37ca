// Deep input (issue 9): long `extends` and alias chains generate in time proportional to their
// length, and input nested past MAX_NESTING_DEPTH (marker values, type expressions, CRD schemas)
// is refused with a positioned KCG1112/KCG1215 instead of a stack overflow. The chains are long
// enough that the quadratic and cubic walks these tests guard against take hours (400 links took
// 20 s), so the generous per-test timeout is the regression check; speed itself is measured by
// `npm run bench` (bench/deep-input.ts), never asserted here.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { main } from "../../src/cli/main.js";
import { Console } from "../../src/cli/console.js";
import { MAX_NESTING_DEPTH } from "../../src/diagnostics/index.js";
import { writeDeepPackage, type DeepShape } from "../../bench/deep-input-packages.js";
import { tempDir } from "../helpers/fs.js";

const CHAIN = 5000;
const timeout = 300_000;

async function generate(shape: DeepShape, n: number, command = "generate") {
  const dir = tempDir();
  writeDeepPackage(dir, shape, n);
  const out = Console.memory();
  const code = await main([command, "--input", "apis", "--output", "out", "--crd-output", "out/crds"], out, dir);
  return { dir, code, stdout: out.stdout.join("\n"), stderr: out.stderr.join("\n") };
}

type Props = Record<string, { type?: string; properties?: Props; items?: unknown }>;

function specProperties(dir: string): Props {
  const crd = parse(readFileSync(join(dir, "out/crds/deep.example.com_deeps.yaml"), "utf8")) as {
    spec: { versions: { schema: { openAPIV3Schema: { properties: Props } } }[] };
  };
  return crd.spec.versions[0]!.schema.openAPIV3Schema.properties["spec"]!.properties!;
}

/** A refused input: exit 2, the code at file:line:col, no internal error, nothing written. */
function assertRefused(r: Awaited<ReturnType<typeof generate>>, code: string, line: number): void {
  const all = r.stdout + r.stderr;
  assert.equal(r.code, 2, all);
  assert.doesNotMatch(all, /internal error|Maximum call stack/);
  assert.match(all, new RegExp(`apis/deep/v1/types\\.ts:${line}:\\d+ - error ${code}: `));
  assert.ok(!existsSync(join(r.dir, "out")), "nothing written");
  assert.deepEqual(readdirSync(join(r.dir, "apis/deep/v1")).sort(), ["doc.ts", "types.ts"]);
}

test(`a ${CHAIN}-long extends chain generates, every level's field inlined, and verifies`, { timeout }, async () => {
  const r = await generate("extends", CHAIN);
  assert.equal(r.code, 0, r.stderr);
  const props = specProperties(r.dir);
  assert.equal(Object.keys(props).length, CHAIN + 1);
  for (const name of ["f0", `f${CHAIN / 2}`, `f${CHAIN - 1}`, "own"]) assert.equal(props[name]?.type, "string", name);
  const copies = readFileSync(join(r.dir, "apis/deep/v1/zz_generated.deepcopy.ts"), "utf8");
  assert.match(copies, new RegExp(`export function deepCopyL${CHAIN - 1}\\(src: L${CHAIN - 1}\\): L${CHAIN - 1} \\{`));
  const out = Console.memory();
  assert.equal(
    await main(["verify", "--input", "apis", "--output", "out", "--crd-output", "out/crds"], out, r.dir),
    0,
    out.stdout.join("\n"),
  );
});

test(`a ${CHAIN}-long alias chain generates: the field is its last alias's string`, { timeout }, async () => {
  const r = await generate("alias", CHAIN);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(specProperties(r.dir)["value"], { type: "string" });
  const copies = readFileSync(join(r.dir, "apis/deep/v1/zz_generated.deepcopy.ts"), "utf8");
  // Aliases of scalars are copied by assignment, however long the chain.
  assert.match(copies, new RegExp(`export function deepCopyA${CHAIN - 1}\\(src: A${CHAIN - 1}\\): A${CHAIN - 1} \\{\\n  return src;`));
});

test("a marker value of 3,000 nested JSON arrays is KCG1112 at the marker, not a stack overflow", { timeout }, async () => {
  assertRefused(await generate("marker", 3000), "KCG1112", 10);
});

test("a marker value of 3,000 nested {} lists is KCG1112 at the marker", { timeout }, async () => {
  assertRefused(await generate("marker-braces", 3000), "KCG1112", 10);
});

test(`a value nested exactly ${MAX_NESTING_DEPTH} levels is still accepted`, { timeout }, async () => {
  const r = await generate("marker", MAX_NESTING_DEPTH);
  assert.equal(r.code, 0, r.stdout + r.stderr);
});

test("1,000 levels of struct types in fields is KCG1215 at the field past the limit", { timeout }, async () => {
  // The kind's spec field is level 1, S<i>'s field (line 10 + 3i) level i + 2: S<MAX - 1>'s goes too deep.
  const r = await generate("struct", 1000);
  assertRefused(r, "KCG1215", 10 + 3 * (MAX_NESTING_DEPTH - 1));
});

test(`a type written ${MAX_NESTING_DEPTH + 50} arrays deep is KCG1215 at the type`, { timeout }, async () => {
  assertRefused(await generate("arrays", MAX_NESTING_DEPTH + 50), "KCG1215", 10);
});

for (const n of [MAX_NESTING_DEPTH + 50, 1000]) {
  test(
    `${n} nested inline object types are KCG1215 at the first bracket too deep, before the TypeScript parser runs`,
    { timeout },
    async () => {
      const r = await generate("objects", n);
      assertRefused(r, "KCG1215", 10);
      // DeepSpec's own { is the first level; "  value?: " is 10 characters and each level "{ a: " 5.
      assert.match(r.stdout + r.stderr, new RegExp(`types\\.ts:10:${11 + 5 * (MAX_NESTING_DEPTH - 1)} - error KCG1215`));
    },
  );
}
