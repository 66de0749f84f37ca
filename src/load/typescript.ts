// The TypeScript compiler, which the parse stage uses for its parser: 9 MB of JavaScript that V8
// compiles on every run before the first file is parsed (about a third of a second, the largest
// part of a run that changed one file). With a cache, V8's code cache for it is kept there, as
// Node.js 22's module.enableCompileCache keeps one for every module: the next run deserializes
// compiled code instead of compiling. The code cache is V8's own format; V8 checks it against the
// source and its own version and flags, and a cache it refuses only costs the compile it would
// have done anyway. The entry is keyed by Node.js's and V8's versions, the platform and which
// typescript.js (path, size, modification time), and the store checks every entry's hash.
import { readFileSync, statSync } from "node:fs";
import { createRequire, Module } from "node:module";
import { dirname } from "node:path";
import { Script } from "node:vm";
import type TS from "typescript";
import { digest, type CacheStore } from "../cache/index.js";

const require = createRequire(import.meta.url);

let loaded: typeof TS | undefined;
/** Set while the compile cache the cache holds is missing or was refused: stored after the parse. */
let unstored: { script: Script; key: string } | undefined;

/**
 * The TypeScript module. Required, not imported: an ESM import of a CommonJS module first scans its
 * whole text for named exports (a quarter of a second for TypeScript's).
 */
export function typescript(): typeof TS {
  loaded ??= require("typescript") as typeof TS;
  return loaded;
}

/** Loads TypeScript with the code cache `cache` holds, when it is not loaded yet. */
export function loadTypeScript(cache: CacheStore): void {
  if (loaded !== undefined) return;
  const compiled = compileTypeScript(cache);
  loaded = compiled.ts;
  if (compiled.unstored) unstored = compiled.unstored;
  // In require's cache as require would have put it, so anything that requires TypeScript later
  // gets this one instead of compiling another.
  require.cache[compiled.module.filename] = compiled.module;
}

/**
 * TypeScript compiled afresh with the code cache `cache` holds: `used` when V8 took it, `unstored`
 * when it was missing or refused.
 */
export function compileTypeScript(cache: CacheStore): {
  ts: typeof TS;
  module: Module;
  used: boolean;
  unstored?: { script: Script; key: string };
} {
  const file = require.resolve("typescript");
  const stat = statSync(file);
  const key = digest([
    "code-cache",
    process.version,
    process.versions.v8,
    process.platform,
    process.arch,
    file,
    `${stat.size}`,
    `${stat.mtimeMs}`,
  ]);
  const stored = cache.get("code-cache", key);
  const cachedData = stored === undefined ? undefined : Buffer.from(stored, "base64");
  // The wrapper Node.js puts around a CommonJS module, so the code is the same as require's.
  const source = `(function (exports, require, module, __filename, __dirname) { ${readFileSync(file, "utf8")}\n});`;
  const script = new Script(source, { filename: file, ...(cachedData ? { cachedData } : {}) });
  const module = new Module(file);
  module.filename = file;
  (script.runInThisContext() as (...args: unknown[]) => void).call(
    module.exports,
    module.exports,
    createRequire(file),
    module,
    file,
    dirname(file),
  );
  module.loaded = true;
  const ts = module.exports as typeof TS;
  const used = cachedData !== undefined && script.cachedDataRejected === false;
  return used ? { ts, module, used } : { ts, module, used, unstored: { script, key } };
}

/**
 * Stores the code cache when the cache did not hold a usable one. Called once the files are parsed:
 * V8's code cache then also holds the parser's functions, which it compiles only when first called.
 */
export function storeTypeScriptCode(cache: CacheStore, pending = unstored): void {
  if (pending === undefined) return;
  cache.put("code-cache", pending.key, pending.script.createCachedData().toString("base64"));
  if (pending === unstored) unstored = undefined;
}
