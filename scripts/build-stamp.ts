// Whether a package's dist/ is the build of its sources as they are now, judged by content: the
// build stores a hash of what it was made from in dist/.source-hash, and a check hashes the same
// inputs again. Modification times are never consulted: `touch`, a checkout, or a script that rewrites
// a file with the same bytes must not make a build look stale, and an edit that keeps an old mtime
// must not make it look fresh.
//
//   node --import tsx scripts/build-stamp.ts write PKG...   after a successful build (npm run build does it)
//   node --import tsx scripts/build-stamp.ts check PKG...   exit 0 when every PKG's dist/ is current, 1 otherwise
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { writeIfChanged } from "../src/fs/index.js";

/** Where the stamp lives: with the build it describes, so deleting dist/ deletes it too. */
export const STAMP = ".source-hash";

/** Every .ts file under dir, as sorted /-separated paths relative to dir. */
function tsFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map((f) => String(f))
    .filter((f) => f.endsWith(".ts") && statSync(join(dir, f)).isFile())
    .map((f) => f.split(sep).join("/"))
    .sort();
}

/** The tsconfig files a build reads: pkg's tsconfig.build.json and each file it extends, in order. */
function tsconfigChain(dir: string): string[] {
  const chain: string[] = [];
  for (let file: string | undefined = join(dir, "tsconfig.build.json"); file && !chain.includes(file);) {
    chain.push(file);
    const extended: string | undefined = existsSync(file) ? /"extends"\s*:\s*"([^"]+)"/.exec(readFileSync(file, "utf8"))?.[1] : undefined;
    file = extended === undefined ? undefined : resolve(dirname(file), extended);
  }
  return chain;
}

/**
 * The hash of what `npm run build` makes pkg's dist/ from: its src/**\/*.ts (names and bytes), the
 * tsconfig files the build reads, the version of the compiler it resolves, and the script that
 * bundles the CLI (the root package's only).
 */
export function sourceHash(pkg: string): string {
  const dir = resolve(pkg);
  const hash = createHash("sha256");
  const add = (label: string, file: string) => {
    hash.update(`${label}\0`);
    hash.update(existsSync(file) ? readFileSync(file) : "(absent)");
    hash.update("\0");
  };
  for (const f of tsFiles(join(dir, "src"))) add(`src/${f}`, join(dir, "src", f));
  for (const [i, f] of tsconfigChain(dir).entries()) add(`tsconfig ${i}`, f);
  add("typescript", createRequire(join(dir, "package.json")).resolve("typescript/package.json"));
  if (existsSync(join(dir, "scripts/bundle-cli.mjs"))) add("bundle", join(dir, "scripts/bundle-cli.mjs"));
  return hash.digest("hex");
}

/** Why pkg's dist/ is not the build of its current sources, or undefined when it is. */
export function staleReason(pkg: string): string | undefined {
  const stamp = join(resolve(pkg), "dist", STAMP);
  const name = relative(process.cwd(), resolve(pkg)) || ".";
  if (!existsSync(stamp)) return `${name}/dist has no ${STAMP}: it was never built by npm run build`;
  if (readFileSync(stamp, "utf8").trim() !== sourceHash(pkg)) return `${name}/dist was built from other sources than ${name}/src now holds`;
  return undefined;
}

/** Writes pkg's stamp, only when its bytes change (a rebuild of the same sources leaves it alone). */
export function writeStamp(pkg: string): void {
  const stamp = join(resolve(pkg), "dist", STAMP);
  writeIfChanged(stamp, `${sourceHash(pkg)}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [verb, ...pkgs] = process.argv.slice(2);
  if ((verb !== "write" && verb !== "check") || pkgs.length === 0) {
    process.stderr.write("usage: build-stamp.ts write|check PKG...\n");
    process.exit(2);
  }
  if (verb === "write") for (const p of pkgs) writeStamp(p);
  else {
    const reasons = pkgs.map(staleReason).filter((r): r is string => r !== undefined);
    for (const r of reasons) process.stderr.write(`${r}\n`);
    process.exit(reasons.length === 0 ? 0 : 1);
  }
}
