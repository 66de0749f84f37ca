// The pipeline of docs/architecture.md#the-pipeline, end to end: load → markers → model → generators → emit, giving
// the final files and every diagnostic of the run. Nothing here writes to disk (what it puts in the
// cache is held until the cli flushes it); the cli decides whether to apply the result (generate) or compare it (verify).
import type { CacheStore } from "./cache/index.js";
import type { Options } from "./config/index.js";
import { hasErrors, sortDiagnostics, type Diagnostic } from "./diagnostics/index.js";
import {
  generators,
  ownedAreas,
  type GeneratorContext,
  type GeneratorResult,
  type OutputFile,
  type OwnedArea,
} from "./generators/index.js";
import { fingerprintModel, generateCached, packageInputDigests, storeUnits, type PendingUnit } from "./incremental/index.js";
import { loadControllerSources, loadInputCached, type ParserThread } from "./load/index.js";
import { startStage } from "./memory/index.js";
import { buildControllerModel, buildModel, type ApiModel } from "./model/index.js";
import { finalize, OutputDisk, type FinalFile } from "./output/index.js";
import { kubernetesMarkers } from "./vocab/index.js";

/** Past this many files to format, a run's emit stage is large enough to start with a full collection (src/memory). */
const MANY_FILES = 500;

/** The result of running every stage but the sink. */
export interface PipelineResult {
  readonly files: FinalFile[];
  readonly owned: OwnedArea[];
  readonly diagnostics: Diagnostic[];
  /** Source texts by display path, for diagnostic excerpts. */
  readonly sources: ReadonlyMap<string, string>;
}

/** What the stages before emit give it: the generators' files, not yet final. */
interface Generated {
  readonly produced: OutputFile[];
  readonly owned: OwnedArea[];
  readonly diagnostics: Diagnostic[];
  readonly sources: Map<string, string>;
  readonly pending: PendingUnit[];
}

/**
 * Runs the pipeline; when any error is found, `files` is empty so nothing can be written. With a
 * cache (docs/architecture.md#incremental-regeneration), unchanged files are not parsed again,
 * unchanged units whose files are on disk as they made them (`helpers.disk`, the cli's, or one made
 * here from the cache's stamps) not generated again, and unchanged text not formatted again; the
 * result is the same, files and diagnostics, as without one. `helpers.parser` parses what changed
 * on a second thread.
 */
/** What a run with a cache may be given besides it: the disk its outputs are on, and a thread to parse with. */
export interface RunHelpers {
  readonly disk?: OutputDisk | undefined;
  readonly parser?: ParserThread | undefined;
}

export async function runPipeline(options: Options, cache?: CacheStore, helpers: RunHelpers = {}): Promise<PipelineResult> {
  // The model and the input's syntax are out of reach once the generators have run (they live only
  // in generateFiles), so the emit stage, which allocates the most, runs without them: at 1,000 kinds
  // they are tens of megabytes of the peak.
  const outputs = cache && (helpers.disk ?? OutputDisk.forRun(options, cache));
  const { produced, owned, diagnostics, sources, pending } = await generateFiles(options, cache, outputs, helpers.parser);
  if (hasErrors(diagnostics)) return { files: [], owned: [], diagnostics, sources };
  // The model is garbage now; worth collecting before the emit stage when it has much to format.
  startStage(produced.filter((f) => f.onDisk === undefined).length >= MANY_FILES);
  // The emit stage takes the files over (produced is left empty), so each body can go once it is final.
  const files = await finalize(produced.splice(0), options.headerText, cache);
  // By path, the files themselves: only the units that ran read theirs (a reused unit's text is on disk).
  if (cache) storeUnits(cache, pending, new Map(files.map((f) => [f.path, f])));
  return { files, owned, diagnostics, sources };
}

/** load → markers → model → generators: every generator's files, the owned areas and every diagnostic, sorted. */
async function generateFiles(
  options: Options,
  cache: CacheStore | undefined,
  disk: OutputDisk | undefined,
  parser: ParserThread | undefined,
): Promise<Generated> {
  const { model, sources, diagnostics, inputDigests } = await modelOf(options, cache, parser);
  // The controller sources are read only for their markers (RBAC rules, webhooks): no types.
  const controllerSources = loadControllerSources(options.controllers, options.cwd);
  for (const f of controllerSources.files) sources.set(f.display, f.text);
  const controllers = buildControllerModel(controllerSources.files, kubernetesMarkers);
  diagnostics.push(...controllerSources.diagnostics, ...controllers.diagnostics);
  // A generator's output never depends on which other generators run, so ctx carries no selection.
  const ctx: GeneratorContext = { model, options, controllers: controllers.model };
  const produced: OutputFile[] = [];
  // Generators run even when earlier stages found errors, so that one run reports every problem
  // (a marker typo does not hide a deep-copy error). Nothing is written in that case, and a
  // generator that trips over the incomplete model is ignored rather than reported. Units are
  // reused only from a sound model: an error makes the run's output nothing anyway.
  const modelBroken = hasErrors(diagnostics);
  const fp = cache && disk && !modelBroken ? fingerprintModel(model, inputDigests) : undefined;
  const pending: PendingUnit[] = [];
  for (const name of options.generators) {
    const g = generators.get(name);
    if (!g) continue;
    try {
      const r: GeneratorResult = fp && cache && disk ? generateCached(g, ctx, fp, cache, disk, pending) : g.generate(ctx);
      produced.push(...r.files);
      diagnostics.push(...r.diagnostics);
    } catch (e) {
      if (!modelBroken) throw e;
    }
  }
  const sorted = sortDiagnostics(diagnostics);
  const owned = hasErrors(sorted) ? [] : ownedAreas(ctx, new Set(options.generators));
  return { produced, owned, diagnostics: sorted, sources, pending };
}

/**
 * load → markers → model: the model, the source texts and the diagnostics so far, and with a cache
 * the digests of what each package's model data was built from (for the units' keys); the input's
 * syntax is left behind.
 */
async function modelOf(
  options: Options,
  cache: CacheStore | undefined,
  parser: ParserThread | undefined,
): Promise<{ model: ApiModel; sources: Map<string, string>; diagnostics: Diagnostic[]; inputDigests?: Map<string, string> }> {
  const loaded = await loadInputCached(options.input, options.cwd, cache, parser);
  const sources = new Map<string, string>();
  for (const p of loaded.input.packages) for (const f of p.files) sources.set(f.display, f.text);
  const { model, diagnostics } = buildModel(loaded.input, kubernetesMarkers);
  const all = [...loaded.diagnostics, ...diagnostics];
  return cache
    ? { model, sources, diagnostics: all, inputDigests: packageInputDigests(loaded.input, model) }
    : { model, sources, diagnostics: all };
}
