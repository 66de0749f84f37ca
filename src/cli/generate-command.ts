import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { CacheStore, enableCodeCache, storeCodeCaches, userCodeCacheDir } from "../cache/index.js";
import type { Options } from "../config/index.js";
import { hasErrors, sortDiagnostics, type Diagnostic } from "../diagnostics/index.js";
import { ParserThread } from "../load/index.js";
import { allowCollectingGarbage } from "../memory/index.js";
import { applyPlan, checkWritable, existingGenerated, OutputDisk, planDiff, planOutput } from "../output/index.js";
import { runPipeline } from "../pipeline.js";
import type { Out } from "./console.js";

/** Runs `generate` (apply the output) or `verify` (compare it), printing one summary line. */
export async function runGenerate(
  options: Options,
  mode: "generate" | "verify",
  out: Out,
  flags: { quiet: boolean; verbose: boolean },
): Promise<number> {
  const start = performance.now();
  allowCollectingGarbage();
  // verify is the judge of what is committed, so it computes everything and trusts no cache; a
  // generate run reuses what the cache holds (every entry checked against its digest) and fills it.
  const cache = mode === "generate" && options.cacheDir !== undefined ? new CacheStore(resolve(options.cwd, options.cacheDir)) : undefined;
  // The libraries' compiled code is the tool's, not the project's: kept in the user's cache folder
  // when there is one (../cache/code-cache.ts), so every project's first run starts compiled.
  const codeDir = userCodeCacheDir();
  enableCodeCache(cache && (codeDir === undefined ? cache : new CacheStore(codeDir)));
  // With a warm cache, most files' syntax comes from it and the few that changed are parsed on a
  // second thread meanwhile, which starts loading TypeScript now (src/load/parser-thread.ts).
  const parser = cache?.hasPacks() ? ParserThread.start(codeDir ?? cache.dir) : undefined;
  try {
    return await generateOrVerify(options, mode, out, flags, start, cache, parser);
  } finally {
    parser?.stop();
    // A run that failed publishes none of the cache entries it made (a successful one has flushed them).
    cache?.discard();
  }
}

async function generateOrVerify(
  options: Options,
  mode: "generate" | "verify",
  out: Out,
  flags: { quiet: boolean; verbose: boolean },
  start: number,
  cache: CacheStore | undefined,
  parser: ParserThread | undefined,
): Promise<number> {
  // What the outputs on disk hold, known from their stamps without reading them (a cached unit is
  // reused only when its files are there as it made them).
  const disk = cache && OutputDisk.forRun(options, cache);
  let result;
  try {
    result = await runPipeline(options, cache, { disk, parser });
  } catch (e) {
    // A bug, not bad input: say so plainly, without a stack trace, and write nothing.
    out.err(
      `kube-codegen: internal error: ${(e as Error).message}\nThis is a bug in kube-codegen; please report it with the input that caused it. Nothing was written.`,
    );
    return 2;
  }
  const ms = () => Math.round(performance.now() - start);
  const shown = (diags: readonly Diagnostic[]) => (flags.quiet ? diags.filter((d) => d.severity === "error") : diags);
  if (hasErrors(result.diagnostics)) {
    out.printDiagnostics(shown(result.diagnostics), result.sources);
    out.err(`kube-codegen: ${mode} failed; nothing was written.`);
    return 2;
  }
  // Every path the run would touch is checked before anything is written, and its problems are
  // printed with the input's own, so a failure leaves the disk as it was.
  const existing = existingGenerated(options.cwd, result.owned, disk);
  const plan = planOutput(options.cwd, result.files, existing);
  const all = sortDiagnostics([
    ...result.diagnostics,
    ...plan.diagnostics,
    ...(mode === "generate" ? checkWritable(options.cwd, plan) : []),
  ]);
  out.printDiagnostics(shown(all), result.sources);
  if (hasErrors(all)) {
    out.err(`kube-codegen: ${mode} failed; nothing was written.`);
    return 2;
  }
  if (flags.verbose) {
    for (const f of plan.write) out.log(`${mode === "generate" ? "wrote" : "stale"}    ${f.path}`);
    for (const f of plan.unchanged) out.log(`unchanged ${f.path}`);
    for (const p of plan.remove) out.log(`${mode === "generate" ? "removed" : "extra"}  ${p}`);
    if (cache && disk) out.log(cacheSummary(cache, disk, parser));
  }
  if (mode === "verify") {
    const drift = plan.write.length + plan.remove.length;
    if (drift > 0) {
      out.log(planDiff(plan));
      out.err(
        `kube-codegen verify: ${drift} generated file${drift === 1 ? " is" : "s are"} out of date (${plan.write.length} changed or missing, ${plan.remove.length} stale). Run kube-codegen generate.` +
          plan.remove.map((p) => `\n  to be removed: ${p}`).join(""),
      );
      return 1;
    }
    if (!flags.quiet) out.log(`kube-codegen verify: ${plan.unchanged.length} files up to date in ${ms()} ms`);
    return 0;
  }
  const applied = applyPlan(options.cwd, plan);
  if (applied.failure) {
    out.printDiagnostics([applied.failure], new Map());
    const done = [...applied.written.map((p) => `written  ${p}`), ...applied.removed.map((p) => `removed  ${p}`)];
    out.err(
      done.length === 0
        ? "kube-codegen: generate failed; nothing was written."
        : `kube-codegen: generate failed after changing ${done.length} file${done.length === 1 ? "" : "s"}; run it again once the problem is fixed:\n${done.join("\n")}`,
    );
    return 2;
  }
  // Only now, the run having succeeded: a failed run writes nothing, its cache entries included.
  // Every produced file is on disk as the run made it: the next run knows them by their stamps.
  if (cache && disk) disk.save(cache, plan, existing);
  cache?.flush();
  storeCodeCaches();
  if (!flags.quiet)
    out.log(
      `kube-codegen generate: ${plan.write.length} written, ${plan.unchanged.length} unchanged, ${plan.remove.length} removed in ${ms()} ms`,
    );
  return 0;
}

/** What the cache saved this run, for --verbose: why a run was as fast or as slow as it was. */
function cacheSummary(cache: CacheStore, disk: OutputDisk, parser: ParserThread | undefined): string {
  const parse = cache.stats("parse");
  const unit = cache.stats("unit");
  const thread = parser !== undefined && parser.parsedFiles > 0 ? ` (${parser.parsedFiles} on a second thread)` : "";
  return (
    `cache     files: ${parse.hits} reused, ${parse.misses} parsed${thread}; units: ${unit.hits} reused, ${unit.misses} run; ` +
    `outputs: ${disk.counts.stamped} known by their stamps, ${disk.counts.read} read`
  );
}
