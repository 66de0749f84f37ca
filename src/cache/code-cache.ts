// V8's code cache for the large libraries a run compiles: the TypeScript compiler (9 MB, which the
// parse stage uses) and prettier's standalone build with its TypeScript parser and estree printer
// (1.2 MB, which formats). V8 compiles them on every run otherwise, eagerly at load and lazily as
// each function is first called: about 0.3 s of a cold run. Node.js 22's module.enableCompileCache
// keeps such a cache for every module; Node.js 20, which kube-codegen supports, has none, so the
// libraries are compiled here as CommonJS scripts with `cachedData`, and the cache V8 makes after
// the run (holding the functions the run called) is stored for the next.
//
// The cache is of the tool, not of a project: it depends only on which library file, Node.js and V8
// compile it, so it lives in the user's cache folder (as Go keeps built tools in its build cache
// rather than in each module) and every project on the machine shares it: a project's first run
// compiles nothing that another project's run compiled. KUBE_CODEGEN_CODE_CACHE names another
// folder; without HOME it is the project's own cache folder. V8 checks a cache against its own
// version and flags and the source's length, and the store checks every entry's hash, so a
// refused or damaged entry costs only the compile it would have done anyway.
//
// Enabled per process (as Node.js's compile cache is), because the compiled libraries are shared
// by the whole process: the generate command enables it, and the stages that load a library ask
// for it through requireCompiled.
import { readFileSync, statSync } from "node:fs";
import { createRequire, Module } from "node:module";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { Script } from "node:vm";
import { utf8Text } from "../fs/text.js";
import { digest } from "./digest.js";
import { CacheStore } from "./store.js";

const NAMESPACE = "code-cache";

let store: CacheStore | undefined;
/** Scripts compiled without a usable cache in this process, by file: stored by storeCodeCaches. */
const unstored = new Map<string, { script: Script; key: string }>();

/**
 * The folder the code cache is kept in: KUBE_CODEGEN_CODE_CACHE, else kube-codegen's folder of the
 * user's cache (XDG_CACHE_HOME, or ~/.cache), else undefined (the caller then uses the project's).
 */
export function userCodeCacheDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const named = env["KUBE_CODEGEN_CODE_CACHE"];
  if (named !== undefined && named !== "") return named;
  const xdg = env["XDG_CACHE_HOME"];
  if (xdg !== undefined && xdg.startsWith("/")) return join(xdg, "kube-codegen");
  let home: string;
  try {
    home = env["HOME"] ?? homedir();
  } catch {
    return undefined;
  }
  return home.startsWith("/") ? join(home, ".cache", "kube-codegen") : undefined;
}

/** Uses `cache` for the code cache of every library this process compiles from now on (undefined: none). */
export function enableCodeCache(cache: CacheStore | undefined): void {
  store = cache;
}

/**
 * Requires the CommonJS module `file` (a resolved path), compiled with the code cache when one is
 * enabled: `used` says whether V8 took a stored cache. Without one enabled it is a plain require.
 * The module goes into require's cache as require would have put it, so a later require of the
 * same file gets this one instead of compiling another.
 */
export function requireCompiled(file: string): { exports: unknown; used: boolean } {
  const require = createRequire(file);
  const known = require.cache[file];
  if (known?.loaded === true) return { exports: known.exports, used: false };
  // A module in require's cache but not loaded is one an ES module import has linked and not yet
  // run (Node.js puts it there at link time): its exports are still empty, so this process gets
  // a copy of its own, leaving that one to the import.
  if (store === undefined && known === undefined) return { exports: require(file), used: false };
  const compiled = compileWithCache(file, store);
  if (known !== undefined) return { exports: compiled.module.exports, used: compiled.used };
  require.cache[file] = compiled.module;
  if (!compiled.used) unstored.set(file, { script: compiled.script, key: compiled.key });
  return { exports: compiled.module.exports, used: compiled.used };
}

/**
 * Stores the code cache of every library compiled without a usable one. Called at the end of a
 * run: V8's code cache then also holds the functions the run compiled lazily (the parser's, the
 * printer's), which a cache made at load would not. Written by the store's flush.
 */
export function storeCodeCaches(): void {
  if (store === undefined) return;
  for (const pending of unstored.values()) store.put(NAMESPACE, pending.key, pending.script.createCachedData().toString("base64"));
  unstored.clear();
  store.flush();
}

/** `file` compiled and run as CommonJS with the cache `cache` holds for it, if any. */
function compileWithCache(file: string, cache: CacheStore | undefined): { module: Module; script: Script; key: string; used: boolean } {
  const stat = statSync(file);
  // V8 refuses a cache made under other flags, so the flags Node.js was started with are part of
  // the key: a run under --cpu-prof, say, keeps its own entry instead of replacing everyone's.
  const flags = [...process.execArgv, process.env["NODE_OPTIONS"] ?? ""].join(" ");
  const key = digest([
    NAMESPACE,
    process.version,
    process.versions.v8,
    process.platform,
    process.arch,
    flags,
    file,
    `${stat.size}`,
    `${stat.mtimeMs}`,
  ]);
  const stored = cache?.get(NAMESPACE, key);
  const cachedData = stored === undefined ? undefined : Buffer.from(stored, "base64");
  // The wrapper Node.js puts around a CommonJS module, so the code is the same as require's.
  const source = `(function (exports, require, module, __filename, __dirname) { ${utf8Text(readFileSync(file))}\n});`;
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
  return { module, script, key, used: cachedData !== undefined && script.cachedDataRejected === false };
}
