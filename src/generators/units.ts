// Splitting a generator's output into units (GeneratorUnit), shared by the generators that have
// them: `generate(ctx)` is always the concatenation of `units(ctx)`, so a run from the cache and a
// run without one cannot differ in anything but which units ran.
import type { Diagnostic } from "../diagnostics/index.js";
import type { PackageId } from "../model/index.js";
import type { GeneratorContext, GeneratorResult, GeneratorUnit, OutputFile } from "./types.js";

/** Runs every unit, in order: a generator's `generate` when it has units. */
export function runUnits(units: readonly GeneratorUnit[]): GeneratorResult {
  const files: OutputFile[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const u of units) {
    const r = u.generate();
    files.push(...r.files);
    diagnostics.push(...r.diagnostics);
  }
  return { files, diagnostics };
}

/**
 * Every package of the model, for a unit whose result depends on which packages there are (the
 * clientset's root, a check across packages): it misses the cache whenever any package changes,
 * which is right for the small work such units do.
 */
export function allPackages(ctx: GeneratorContext): PackageId[] {
  return ctx.model.packages.map((p) => p.id);
}
