// Fuzzes the generator (issue 9): seeded mutants of the example API packages (marker, type, syntax,
// size and file-system damage, 1 to 3 per mutant) run through `generate` in-process. Every run must
// exit 0 or 2; a refusal (2) must name a path on every error line, never say "internal error" or
// print a stack trace, and leave the workspace byte-for-byte as it was; a success (0) must be
// deterministic (a second workspace with the same mutant generates the same bytes) and `verify`
// must then pass. FUZZ_SEED replays a run; FUZZ_SCALE=10 (`npm run fuzz`) is the long mode.
import { test } from "node:test";
import assert from "node:assert/strict";
import { lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { main } from "../../src/cli/main.js";
import { Console } from "../../src/cli/console.js";
import { exampleGroupDir } from "../helpers/examples.js";
import { packBytes, readPack } from "../helpers/cache-packs.js";
import { tempDir } from "../helpers/fs.js";
import { Prng, fuzzScale, fuzzSeed } from "./prng.js";

const SEED = fuzzSeed();
const SCALE = fuzzScale();
// A mutant that generates costs three in-process runs; the 200 of the CI budget take about 40 s
// on a 2-core machine, twice that when it is shared. `npm run fuzz` runs 2000 (about 6 min).
const MUTANTS = Math.round(200 * SCALE);
const FLAGS = ["--input=apis", "--output=out", "--crd-output=out/crds"];

/** The example packages a mutant starts from (gadgets imports common, so they travel together). */
const BASES: readonly (readonly string[])[] = [["samplecontroller"], ["traefik"], ["helm"], ["gadgets", "common"]];

/** Source files of the example packages, without what the generator writes, read once. */
function readBase(groups: readonly string[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const g of groups)
    for (const v of readdirSync(exampleGroupDir(g)))
      for (const f of readdirSync(join(exampleGroupDir(g), v)))
        if (f.endsWith(".ts") && !f.startsWith("zz_generated"))
          files.set(`apis/${g}/${v}/${f}`, readFileSync(join(exampleGroupDir(g), v, f), "utf8"));
  return files;
}
const BASE_FILES = BASES.map(readBase);

/**
 * Everything under `dir` without following links: each entry's kind, a file's bytes, a link's
 * target. The cache's packs are named by when they were written, so they are listed by their
 * place among the packs instead; their entries are compared like any file's bytes, but for the
 * outputs' stamps (src/output/disk.ts), which hold the file system's own inode numbers and times
 * of the files, so differ between any two directories.
 */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (rel: string, name: string) => {
    const abs = join(dir, rel);
    const st = lstatSync(abs);
    if (st.isSymbolicLink()) out.set(name, `link ${readlinkSync(abs)}`);
    else if (st.isDirectory()) {
      out.set(name, "dir");
      const packs = rel.endsWith(".cache/kube-codegen/packs");
      readdirSync(abs)
        .sort()
        .forEach((n, i) => walk(rel === "" ? n : `${rel}/${n}`, `${name === "" ? "" : `${name}/`}${packs ? `pack ${i}` : n}`));
    } else if (rel.includes(".cache/kube-codegen/packs/") && rel.endsWith(".pack"))
      out.set(name, `pack ${packBytes(readPack(abs).filter((e) => e.namespace !== "outputs")).toString("latin1")}`);
    else out.set(name, `file ${readFileSync(abs, "latin1")}`);
  };
  walk("", "");
  return out;
}

/** A mutant: source texts plus file-system oddities to create beside them. */
interface Mutant {
  files: Map<string, string>;
  dirs: string[];
  links: [path: string, target: string][];
  kinds: string[];
}

const LOOKALIKES = ["\u0430", "\u0435", "\u043e", "\u200b", "\uff1a", "\u2013", "\u00a0", "\u037e"];
const VALUES = [
  "1",
  "-1",
  "0",
  "1e309",
  "99999999999999999999999",
  "NaN",
  "true",
  '"x',
  "'",
  "[",
  "{a",
  "}",
  "`",
  "a,b",
  "",
  "=",
  '""',
  "{1,2}",
  "$(x)",
  "\\",
];
const MARKERS = [
  "+kubebuilder:validation:Minimum",
  "+kubebuilder:validation:Maximum",
  "+kubebuilder:validation:MaxLength",
  "+kubebuilder:validation:Pattern",
  "+kubebuilder:validation:Enum",
  "+kubebuilder:default",
  "+kubebuilder:printcolumn:name",
  "+kubebuilder:resource:scope",
  "+kubebuilder:subresource:status",
  "+optional",
  "+genclient",
  "+groupName",
  "+k8s:deepcopy-gen",
  "+listType",
  "+kubebuilder:validation:XValidation:rule",
];

function value(rng: Prng): string {
  return rng.weighted<() => string>([
    [4, () => rng.pick(VALUES)],
    [1, () => "x".repeat(rng.range(1000, 20000))],
    [1, () => rng.string(rng.range(1, 12), "ab\"'[]{}(),=:;.\\ \u0430\u200b9")],
  ])();
}

/** One mutation, applied to a random source file (or to the tree); returns its kind. */
function mutate(m: Mutant, rng: Prng): string {
  const paths = [...m.files.keys()];
  const path = rng.pick(paths);
  let text = m.files.get(path)!;
  const lines = text.split("\n");
  const markerLines = lines.flatMap((l, i) => (/^\s*\/\/ ?\+/.test(l) ? [i] : []));
  const typeNames = [...text.matchAll(/export (?:interface|type) (\w+)/g)].map((x) => x[1]!);
  const fieldLines = lines.flatMap((l, i) => (/^\s+\w+\??: .+;$/.test(l) ? [i] : []));
  const kind = rng.weighted<string>([
    [3, "marker"],
    [3, "type"],
    [2, "syntax"],
    [1, "size"],
    [1, "fs"],
  ]);
  const set = (t: string) => m.files.set(path, t);
  switch (kind) {
    case "marker": {
      const i = markerLines.length > 0 && rng.chance(0.7) ? rng.pick(markerLines) : -1;
      const op = rng.int(7);
      if (i < 0 || op === 0) {
        // add a random marker with a random value somewhere
        const at = rng.int(lines.length);
        lines.splice(at, 0, `// ${rng.pick(MARKERS)}${rng.pick(["=", ":", ".", "", "=="])}${value(rng)}`);
      } else if (op === 1) lines.splice(i, 1);
      else if (op === 2) lines.splice(i, 0, lines[i]!);
      else if (op === 3) lines[i] = lines[i]!.replace(/[:=.]/, () => rng.pick([":", "=", ".", ""]));
      else if (op === 4) lines[i] = lines[i]!.replace(/=.*$/, `=${value(rng)}`);
      else if (op === 5) {
        const l = lines[i]!;
        const at = rng.range(3, Math.max(3, l.length - 1));
        lines[i] = l.slice(0, at) + rng.pick(LOOKALIKES) + l.slice(at + (rng.chance(0.5) ? 1 : 0));
      } else lines[i] = lines[i]! + rng.pick(['"', "[", "{", ")", ",", " ", "=", value(rng)]);
      set(lines.join("\n"));
      return "marker";
    }
    case "type": {
      const name = typeNames.length > 0 ? rng.pick(typeNames) : "Missing";
      const op = rng.int(7);
      if (op === 0) set(text.replace(new RegExp(`export (interface|type) ${name}\\b`), `export $1 ${name}Renamed`));
      else if (op === 1 && fieldLines.length > 0) {
        const i = rng.pick(fieldLines);
        const t = rng.pick([
          "unknown",
          "any",
          "string | number",
          "[string, int32]",
          "Missing",
          name,
          "never",
          "object",
          "Record<number, string>",
          "() => void",
          "symbol",
          "bigint",
          `${name}[]`,
          "Map<string, string>",
        ]);
        lines[i] = lines[i]!.replace(/: .+;$/, `: ${t};`);
        set(lines.join("\n"));
      } else if (op === 2 && fieldLines.length > 0) {
        const i = rng.pick(fieldLines);
        lines[i] = lines[i]!.includes("?:") ? lines[i]!.replace("?:", ":") : lines[i]!.replace(/(\w+):/, "$1?:");
        set(lines.join("\n"));
      } else if (op === 3)
        set(
          text.replace(
            new RegExp(`export interface ${name}( extends [\\w, ]+)? \\{`),
            `export interface ${name} extends ${rng.pick(["Missing", name, "TypeMeta, Missing", "string"])} {`,
          ),
        );
      else if (op === 4)
        set(
          text.replace(
            new RegExp(`export interface ${name}\\b[^{]*\\{`),
            (h) => `${h}\n  self${rng.string(2, "xyz")}${rng.pick(["?", ""])}: ${name};`,
          ),
        );
      else if (op === 5) set(text.replace(new RegExp(`export (interface|type) ${name}\\b[\\s\\S]*?\\n\\}\\n`), ""));
      else set(text.replace(/import type \{[^}]*\}/, (s) => s.replace(/\w+(,| \})/, "$1")));
      return "type";
    }
    case "syntax": {
      const op = rng.int(4);
      if (op === 0) {
        const braces = [...text.matchAll(/[{}()<>[\]]/g)].map((x) => x.index);
        if (braces.length > 0) {
          const at = rng.pick(braces);
          text = text.slice(0, at) + text.slice(at + 1);
        }
      } else if (op === 1) {
        lines.splice(rng.int(lines.length), 1);
        text = lines.join("\n");
      } else if (op === 2) {
        const at = rng.int(text.length + 1);
        text = text.slice(0, at) + rng.string(rng.range(1, 8), "{}()[];:<>,.\"'`@#/*=| ab\n") + text.slice(at);
      } else text = text.slice(0, rng.int(text.length + 1));
      set(text);
      return "syntax";
    }
    case "size": {
      const body = /\n(\/\/[^\n]*\n)*export interface (\w+)[^{]*\{[\s\S]*?\n\}\n/.exec(text);
      if (body !== null) {
        const copies: string[] = [];
        for (let k = 0; k < 50; k++) copies.push(body[0].replace(new RegExp(`\\b${body[2]}\\b`, "g"), `${body[2]}Copy${k}`));
        set(text + copies.join(""));
      }
      return "size";
    }
    default: {
      const dir = path.slice(0, path.lastIndexOf("/"));
      const op = rng.int(3);
      if (op === 0) m.files.set(rng.chance(0.5) ? path : `${dir}/empty.ts`, "");
      else if (op === 1) m.dirs.push(`${dir}/${rng.pick(["x.ts", "types2.ts", "zz_generated.deepcopy.ts"])}`);
      else m.links.push([`${dir}/${rng.pick(["dangling.ts", "types_link.ts"])}`, rng.pick(["missing.ts", "../nowhere/types.ts"])]);
      return "fs";
    }
  }
}

function makeMutant(rng: Prng): Mutant {
  const files = new Map(rng.pick(BASE_FILES));
  const m: Mutant = { files, dirs: [], links: [], kinds: [] };
  const n = rng.range(1, 3);
  for (let k = 0; k < n; k++) m.kinds.push(mutate(m, rng));
  return m;
}

function write(m: Mutant): string {
  const dir = tempDir("kcg-genfuzz-");
  for (const [p, t] of m.files) {
    mkdirSync(join(dir, p, ".."), { recursive: true });
    writeFileSync(join(dir, p), t);
  }
  for (const d of m.dirs) {
    rmSync(join(dir, d), { force: true, recursive: true });
    mkdirSync(join(dir, d), { recursive: true });
  }
  for (const [p, target] of m.links) {
    rmSync(join(dir, p), { force: true, recursive: true });
    symlinkSync(target, join(dir, p));
  }
  return dir;
}

async function run(command: string, dir: string) {
  const out = Console.memory();
  const code = await main([command, ...FLAGS], out, dir);
  return { code, text: [...out.stdout, ...out.stderr].join("\n") };
}

/**
 * Error headlines (`... error KCGnnnn:`, `error ...`, `kube-codegen: ...` other than the closing
 * summary) that name no path: each must start `path:line:col - ` or `path - `, or mention apis/ or out/.
 * Hint and code-frame lines under a headline are not headlines.
 */
function errorLinesWithoutPath(text: string): string[] {
  return text
    .split("\n")
    .filter(
      (l) => /\berror KCG\d{4}\b|^(kube-codegen: )?error\b|^kube-codegen: /i.test(l) && !/generate failed; nothing was written/.test(l),
    )
    .filter((l) => !/^\S+ - error KCG\d{4}: /.test(l) && !/^\S+:\d+:\d+ - error KCG\d{4}: /.test(l) && !/\b(apis|out)(\/|\b)/.test(l));
}

test(
  `generator fuzz: ${MUTANTS} seeded mutants of the example packages exit 0 or 2, refuse cleanly, generate deterministically`,
  { timeout: 600_000 * SCALE },
  async () => {
    const rng = new Prng(SEED).fork("generator");
    const kinds: Record<string, number> = {};
    const exits: Record<number, number> = {};
    const start = Date.now();
    for (let n = 0; n < MUTANTS; n++) {
      const m = makeMutant(rng.fork(`mutant ${n}`));
      for (const k of m.kinds) kinds[k] = (kinds[k] ?? 0) + 1;
      const label = `mutant ${n} (FUZZ_SEED=${SEED}, kinds ${m.kinds.join("+")})`;
      const dir = write(m);
      const before = snapshot(dir);
      const r = await run("generate", dir);
      exits[r.code] = (exits[r.code] ?? 0) + 1;
      assert.ok(r.code === 0 || r.code === 2, `${label}: exit ${r.code}\n${r.text}`);
      assert.doesNotMatch(r.text, /internal error|^\s+at /m, `${label}: crash\n${r.text}`);
      if (r.code === 2) {
        assert.deepEqual(errorLinesWithoutPath(r.text), [], `${label}: an error without a path\n${r.text}`);
        assert.deepEqual(snapshot(dir), before, `${label}: a refused run wrote something`);
      } else {
        const again = write(m);
        const r2 = await run("generate", again);
        assert.equal(r2.code, 0, `${label}: second run\n${r2.text}`);
        assert.deepEqual(snapshot(again), snapshot(dir), `${label}: output differs between two runs`);
        const v = await run("verify", dir);
        assert.equal(v.code, 0, `${label}: verify after generate\n${v.text}`);
        rmSync(again, { recursive: true, force: true });
      }
      rmSync(dir, { recursive: true, force: true });
    }
    console.log(
      `generator fuzz: seed ${SEED}, ${MUTANTS} mutants, kinds ${JSON.stringify(kinds)}, exits ${JSON.stringify(exits)}, ${Date.now() - start} ms`,
    );
  },
);
