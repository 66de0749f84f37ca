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
    let r = readResult(cache.getBytes("unit", key));
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
 * Stores the units that ran, each file with its final text from `finals` (by path): the next run
 * that takes the unit from the cache neither generates nor formats its files. A unit with a file
 * the emit stage did not finish (none today) is not stored.
 *
 * An entry is a header line, the plain-data encoding of the files' paths, languages and byte
 * lengths and of the diagnostics (JSON, so no raw line break), then the files' bytes one after
 * another: read back, each file is a view of those bytes, neither decoded nor copied, since at
 * 1,000 kinds they are 20 MB an incremental run mostly only compares with the disk.
 */
export function storeUnits(
  cache: CacheStore,
  pending: readonly PendingUnit[],
  finals: ReadonlyMap<string, { readonly content: string }>,
): void {
  for (const { key, files: made, diagnostics } of pending) {
    const texts = made.map((f) => finals.get(f.path)?.content);
    if (!texts.every((t) => t !== undefined)) continue;
    const files = made.map((f, i) => ({ path: f.path, lang: f.lang, length: Buffer.byteLength(texts[i] as string, "utf8") }));
    cache.put("unit", key, [`${encodePlain({ files, diagnostics })}\n`, ...texts]);
  }
}

/** A stored unit result, or undefined when the entry is absent or not the shape one is (then the unit runs). */
function readResult(bytes: Buffer | undefined): GeneratorResult | undefined {
  if (bytes === undefined) return undefined;
  const end = bytes.indexOf(0x0a);
  if (end < 0) return undefined;
  try {
    const v = decodePlain(bytes.toString("utf8", 0, end)) as Partial<StoredHeader> | null;
    if (v === null || typeof v !== "object" || !Array.isArray(v.files) || !Array.isArray(v.diagnostics)) return undefined;
    const files: OutputFile[] = [];
    let at = end + 1;
    for (const f of v.files as Partial<StoredFile>[]) {
      if (typeof f.path !== "string" || (f.lang !== "ts" && f.lang !== "yaml") || !Number.isSafeInteger(f.length)) return undefined;
      const length = f.length as number;
      if (length < 0 || at + length > bytes.length) return undefined;
      files.push({ path: f.path, lang: f.lang, body: "", final: bytes.subarray(at, at + length) });
      at += length;
    }
    return at === bytes.length ? { files, diagnostics: v.diagnostics as Diagnostic[] } : undefined;
  } catch {
    return undefined;
  }
}

/** A unit entry's header: its files without their bytes, and its diagnostics. */
interface StoredHeader {
  readonly files: readonly StoredFile[];
  readonly diagnostics: readonly Diagnostic[];
}

interface StoredFile {
  readonly path: string;
  readonly lang: OutputFile["lang"];
  readonly length: number;
}
