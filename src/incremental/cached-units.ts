import { decodePlain, digest, encodePlain, toolIdentity, type CacheStore } from "../cache/index.js";
import type { Diagnostic } from "../diagnostics/index.js";
import type { Generator, GeneratorContext, GeneratorResult, OutputFile } from "../generators/index.js";
import { fingerprintModel, readClosure, type ModelFingerprint } from "./model-fingerprint.js";

const fingerprints = new WeakMap<GeneratorContext["model"], ModelFingerprint>();

/**
 * A unit run in this generate, whose entry is stored once its files' final bytes are known. It keeps
 * only its files' paths and languages, not their bodies: the emit stage lets go of each body once
 * the file is final, and at 1,000 kinds the bodies are tens of megabytes.
 */
export interface PendingUnit {
  readonly key: string;
  readonly files: readonly Pick<OutputFile, "path" | "lang">[];
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Runs a generator unit by unit, taking each unit's files and diagnostics from the cache when its
 * key is there. The key is everything the unit's result is a function of: the tool, the generator
 * and unit, the options (all but where the run happens and where the cache is; the header is in
 * them), and the digest of each package the unit reads, or "absent" for a package it names that
 * the model does not have. Gives what `g.generate(ctx)` gives, in the same order, except that a
 * cached unit's files carry their final bytes (OutputFile.final); a generator without units just
 * runs. The units that ran are added to `pending`: storeUnits keeps them after the emit stage.
 */
export function generateCached(g: Generator, ctx: GeneratorContext, cache: CacheStore, pending: PendingUnit[]): GeneratorResult {
  if (!g.units) return g.generate(ctx);
  let fp = fingerprints.get(ctx.model);
  if (!fp) fingerprints.set(ctx.model, (fp = fingerprintModel(ctx.model)));
  const options = encodePlain(Object.fromEntries(Object.entries(ctx.options).filter(([k]) => k !== "cwd" && k !== "cacheDir")));
  const files: OutputFile[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const u of g.units(ctx)) {
    const reads = readClosure(fp, u.reads).map((k) => `${k}=${fp.digests.get(k) ?? "absent"}`);
    const key = digest(["unit", toolIdentity(), g.name, u.id, options, ...reads]);
    let r = readResult(cache.get("unit", key));
    if (!r) {
      r = u.generate();
      pending.push({ key, files: r.files.map((f) => ({ path: f.path, lang: f.lang })), diagnostics: r.diagnostics });
    }
    files.push(...r.files);
    diagnostics.push(...r.diagnostics);
  }
  return { files, diagnostics };
}

/**
 * Stores the units that ran, each file with its final bytes from `finals` (by path): the next run
 * that takes the unit from the cache neither generates nor formats its files. A unit with a file
 * the emit stage did not finish (none today) is not stored.
 */
export function storeUnits(cache: CacheStore, pending: readonly PendingUnit[], finals: ReadonlyMap<string, string>): void {
  for (const { key, files: made, diagnostics } of pending) {
    const files = made.map((f) => ({ path: f.path, lang: f.lang, body: "", final: finals.get(f.path) }));
    if (files.some((f) => f.final === undefined)) continue;
    cache.put("unit", key, encodePlain({ files, diagnostics }));
  }
}

/** A stored unit result, or undefined when the entry is absent or not the shape one is (then the unit runs). */
function readResult(text: string | undefined): GeneratorResult | undefined {
  if (text === undefined) return undefined;
  try {
    const v = decodePlain(text) as Partial<GeneratorResult> | null;
    if (v === null || typeof v !== "object" || !Array.isArray(v.files) || !Array.isArray(v.diagnostics)) return undefined;
    const filesOk = v.files.every(
      (f: Partial<OutputFile>) =>
        typeof f.path === "string" && f.body === "" && typeof f.final === "string" && (f.lang === "ts" || f.lang === "yaml"),
    );
    return filesOk ? (v as GeneratorResult) : undefined;
  } catch {
    return undefined;
  }
}
