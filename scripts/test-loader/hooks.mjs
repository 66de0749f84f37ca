// Module hooks for register.mjs (they run on Node's loader thread). Resolution: an alias from
// tsconfig.json's `paths` goes to its TypeScript file, and `./x.js` (or `/abs/x.js`, `x.mjs`)
// imported from a `.ts` or `.mts` file goes to `./x.ts` (`x.mts`) when that exists (NodeNext spells
// imports as the compiled names). Loading: a `.ts` or `.mts` file is transformed by esbuild as tsx
// does it (ES module, the tsconfig's ES2022 class field semantics) and the result kept in a cache
// under the system's temporary directory, keyed by the file's path and content and esbuild's
// version: a run transforms each file once, and the runs after it none. Deleting the cache is safe.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The files this loader transforms (the package is an ES module one, so `.ts` is ESM too). */
const TYPESCRIPT = /\.m?ts$/;
/** Specifiers naming a file: relative, absolute, or a file URL (a generated file imports the runtime so). */
const PATH_LIKE = /^(\.\.?\/|\/|file:)/;

let root;
/** Exact aliases, and wildcard ones as [prefix, before, after], longest prefix first. */
let exact;
let wildcards;
let esbuild;
let cacheDir;

export async function initialize(data) {
  root = data.root;
  exact = new Map(data.paths.filter(([alias]) => !alias.endsWith("*")));
  wildcards = data.paths
    .filter(([alias]) => alias.endsWith("*"))
    .map(([alias, target]) => [alias.slice(0, -1), ...target.split("*")])
    .sort((a, b) => b[0].length - a[0].length);
  esbuild = await import("esbuild");
  cacheDir = join(tmpdir(), `kube-codegen-test-loader-${userInfo().uid}`);
  mkdirSync(cacheDir, { recursive: true });
}

function alias(specifier) {
  const target = exact.get(specifier);
  if (target !== undefined) return target;
  for (const [prefix, before, after] of wildcards) if (specifier.startsWith(prefix)) return before + specifier.slice(prefix.length) + after;
  return undefined;
}

export async function resolve(specifier, context, next) {
  const target = alias(specifier);
  if (target !== undefined) {
    const url = new URL(target, root);
    if (existsSync(url)) return { url: url.href, format: "module", shortCircuit: true };
  }
  const parent = context.parentURL;
  if (parent !== undefined && TYPESCRIPT.test(parent) && /\.m?js$/.test(specifier) && PATH_LIKE.test(specifier)) {
    const url = new URL(specifier.replace(/js$/, "ts"), parent);
    if (existsSync(url)) return { url: url.href, format: "module", shortCircuit: true };
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (!url.startsWith("file:") || !TYPESCRIPT.test(url)) return next(url, context);
  const file = fileURLToPath(url);
  const source = readFileSync(file, "utf8");
  const key = createHash("sha256").update(`${esbuild.version}\0${file}\0`).update(source).digest("hex");
  const cached = join(cacheDir, key);
  let code;
  try {
    code = readFileSync(cached, "utf8");
  } catch {
    code = esbuild.transformSync(source, {
      loader: "ts",
      format: "esm",
      target: "es2022",
      sourcemap: "inline",
      sourcefile: file,
      tsconfigRaw: { compilerOptions: { useDefineForClassFields: true } },
    }).code;
    // Written aside and renamed: a file running beside this one never reads half an entry.
    const aside = `${cached}.${process.pid}`;
    try {
      writeFileSync(aside, code);
      renameSync(aside, cached);
    } catch {
      // a cache that cannot be written only costs the next run a transform
    }
  }
  return { format: "module", source: code, shortCircuit: true };
}
