import { decodePlain, digest, encodePlain, sha256, toolIdentity, type CacheStore } from "../cache/index.js";
import type { Diagnostic } from "../diagnostics/index.js";
import type { Generator, GeneratorContext, GeneratorResult, OutputFile } from "../generators/index.js";
import { outputOptionsKey, type OutputDisk } from "../output/index.js";
import { readClosure, type ModelFingerprint } from "./model-fingerprint.js";

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
 * Runs a generator unit by unit (`fp`: the model's fingerprint, fingerprintModel), reusing a unit whose key the cache holds and whose files are all
 * on disk as it made them. The key is everything the unit's result is a function of: the tool, the
 * generator and unit, the options (all but where the run happens and where the cache is; the header
 * is in them), and the digest of each package the unit reads, or "absent" for a package it names
 * that the model does not have. The entry holds the unit's diagnostics and its files' paths,
 * languages, lengths and digests, not their bytes: the disk holds those (OutputDisk), so a unit
 * whose file was edited, removed or never written there runs again. Gives what `g.generate(ctx)`
 * gives, in the same order, except that a reused unit's files are marked OutputFile.onDisk; a
 * generator without units just runs. The units that ran are added to `pending`: storeUnits keeps
 * them after the emit stage.
 */
export function generateCached(
  g: Generator,
  ctx: GeneratorContext,
  fp: ModelFingerprint,
  cache: CacheStore,
  disk: OutputDisk,
  pending: PendingUnit[],
): GeneratorResult {
  if (!g.units) return g.generate(ctx);
  const options = outputOptionsKey(ctx.options);
  const files: OutputFile[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const u of g.units(ctx)) {
    const reads = readClosure(fp, u.reads).map((k) => `${k}=${fp.digests.get(k) ?? "absent"}`);
    const key = digest(["unit", toolIdentity(), g.name, u.id, options, ...reads]);
    const entry = cache.get("unit", key);
    const stored = readEntry(entry);
    let r: GeneratorResult;
    if (stored && stored.files.every((f) => disk.holds(f.path, f.digest, f.length))) {
      const text = (path: string) => () => disk.text(path);
      r = {
        files: stored.files.map((f) => ({ path: f.path, lang: f.lang, body: "", onDisk: { digest: f.digest, text: text(f.path) } })),
        diagnostics: [...stored.diagnostics],
      };
    } else {
      if (entry !== undefined) cache.refuse("unit");
      r = u.generate();
      pending.push({ key, files: r.files.map((f) => ({ path: f.path, lang: f.lang })), diagnostics: r.diagnostics });
    }
    files.push(...r.files);
    diagnostics.push(...r.diagnostics);
  }
  return { files, diagnostics };
}

/**
 * Stores the units that ran, each file with the length and digest of its final text from `finals`
 * (by path). A unit with a file the emit stage did not finish (none today) is not stored.
 */
export function storeUnits(
  cache: CacheStore,
  pending: readonly PendingUnit[],
  finals: ReadonlyMap<string, { readonly content: string }>,
): void {
  for (const { key, files: made, diagnostics } of pending) {
    const texts = made.map((f) => finals.get(f.path)?.content);
    if (!texts.every((t) => t !== undefined)) continue;
    const files = made.map((f, i): StoredFile => {
      const bytes = Buffer.from(texts[i] as string, "utf8");
      return { path: f.path, lang: f.lang, length: bytes.length, digest: sha256(bytes) };
    });
    cache.put("unit", key, encodePlain({ files, diagnostics }));
  }
}

/** A stored unit, or undefined when the entry is absent or not the shape one is (then the unit runs). */
function readEntry(text: string | undefined): StoredEntry | undefined {
  if (text === undefined) return undefined;
  try {
    const v = decodePlain(text) as Partial<StoredEntry> | null;
    if (v === null || typeof v !== "object" || !Array.isArray(v.files) || !Array.isArray(v.diagnostics)) return undefined;
    const ok = (v.files as Partial<StoredFile>[]).every(
      (f) =>
        typeof f.path === "string" &&
        (f.lang === "ts" || f.lang === "yaml") &&
        Number.isSafeInteger(f.length) &&
        (f.length as number) >= 0 &&
        typeof f.digest === "string" &&
        /^[0-9a-f]{64}$/.test(f.digest),
    );
    return ok ? (v as StoredEntry) : undefined;
  } catch {
    return undefined;
  }
}

/** A unit entry: its files without their bytes, and its diagnostics. */
interface StoredEntry {
  readonly files: readonly StoredFile[];
  readonly diagnostics: readonly Diagnostic[];
}

interface StoredFile {
  readonly path: string;
  readonly lang: OutputFile["lang"];
  readonly length: number;
  /** The SHA-256 of the file's final bytes. */
  readonly digest: string;
}
