import type { GeneratorName, Options } from "../config/index.js";
import type { Diagnostic } from "../diagnostics/index.js";
import type { ApiModel, ControllerModel, PackageId } from "../model/index.js";

/** A file a generator produces: the body only; the emit stage adds the header and formats it. */
export interface OutputFile {
  /** Path relative to the working directory, posix separators. */
  readonly path: string;
  readonly lang: "ts" | "yaml";
  readonly body: string;
  /**
   * Set only by the incremental stage, for a unit it took from the cache because each of its files
   * is on disk with the final bytes (header and formatting included) the unit made: their digest,
   * and how to read them should anything ask. The `body` is then empty, and the emit and output
   * stages pass the file through as unchanged.
   */
  readonly onDisk?: { readonly digest: string; readonly text: () => string };
}

/** Where a generator's files live, so files it no longer produces can be found and removed. */
export interface OwnedArea {
  /** Directory relative to the working directory. */
  readonly dir: string;
  /** Also look in subdirectories. */
  readonly recursive: boolean;
  /** Which file names in it are the generator's (only those carrying the generated line are ever removed). */
  readonly match: RegExp;
  /** Names that `match` takes but that are left alone (another generator's, which did not run). */
  readonly unless?: readonly RegExp[];
}

/** What every generator receives: the model and the options, nothing that touches the disk. */
export interface GeneratorContext {
  readonly model: ApiModel;
  readonly options: Options;
  /** The markers of the controller sources (the `controllers` option), which the rbac and webhook generators read. */
  readonly controllers?: ControllerModel;
}

/** What a generator gives: its files and its diagnostics. */
export interface GeneratorResult {
  readonly files: OutputFile[];
  readonly diagnostics: Diagnostic[];
}

/**
 * A part of a generator's output that reads only some packages of the model: those in `reads` and
 * every package their types reference, transitively (a named type's package), and nothing else of
 * the model but the options. The pipeline may reuse a unit's result from the cache while those
 * packages' model data is unchanged (docs/architecture.md#incremental-regeneration).
 */
export interface GeneratorUnit {
  /** Unique among the generator's units. */
  readonly id: string;
  readonly reads: readonly PackageId[];
  generate(): GeneratorResult;
}

/** A generator: a pure function of the context. */
export interface Generator {
  readonly name: GeneratorName;
  /** The areas this generator owns, for stale-file removal. */
  owns(ctx: GeneratorContext): OwnedArea[];
  generate(ctx: GeneratorContext): GeneratorResult;
  /**
   * The same output split into units, for a generator whose work is worth reusing: `generate(ctx)`
   * gives exactly the units' files and diagnostics, in unit order.
   */
  units?(ctx: GeneratorContext): GeneratorUnit[];
}
