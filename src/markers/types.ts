import type { SourcePos } from "../diagnostics/index.js";

/** What a marker may describe: the package (leading comments of doc.ts), a type declaration, or a property. */
export type MarkerTarget = "package" | "type" | "field";

/** Every target, in the order help text lists them. */
export const allTargets: readonly MarkerTarget[] = ["package", "type", "field"];

/**
 * The type of a marker value or argument.
 * `json` takes the rest of the payload as one JSON document; `any` guesses the type from the text
 * (quoted or bare string, bool, number, `{a,b}` list, `{k: v}` map, `[...]` JSON array);
 * `{ list }` accepts `{a,b}` and `a;b`; `{ map }` accepts `{k: v, k2: v2}`; `{ enum }` is a string from a fixed set.
 */
export type ValueType =
  | "string"
  | "int"
  | "number"
  | "bool"
  | "json"
  | "any"
  | { readonly list: ValueType }
  | { readonly map: ValueType }
  | { readonly enum: readonly string[] };

/** One named argument of an `args` payload. */
export interface ArgSpec {
  readonly name: string;
  readonly type: ValueType;
  readonly optional?: boolean;
  readonly help?: string;
}

/**
 * What follows the marker name.
 * - `flag`: nothing (`+genclient`);
 * - `value`: `=value` (`+groupName=x`); `optional` lets the `=value` be left out (a bool then reads as true);
 * - `args`: `=name=v,name2=v2` or `:name=v,name2=v2`, with an optional leading positional value;
 * - `raw`: the text after `=` verbatim, unparsed (for markers accepted only to be ignored).
 */
export type Payload =
  | { readonly kind: "flag" }
  | { readonly kind: "value"; readonly type: ValueType; readonly optional?: boolean }
  | { readonly kind: "args"; readonly args: readonly ArgSpec[]; readonly positional?: ArgSpec }
  | { readonly kind: "raw" };

/** A declared marker: the single source for parsing, help output, reference docs and error hints. */
export interface MarkerDefinition {
  /** Full name without the leading `+`, e.g. `kubebuilder:validation:Minimum`. */
  readonly name: string;
  readonly targets: readonly MarkerTarget[];
  readonly payload: Payload;
  readonly help: string;
  /** A full marker line, e.g. `+kubebuilder:validation:Minimum=1`. */
  readonly example: string;
  /** May appear more than once on one target (printcolumn, XValidation, genclient:method). */
  readonly repeatable?: boolean;
  /** When set, using the marker works but warns with this text (e.g. what to use instead). */
  readonly deprecated?: string;
  /**
   * The marker is documented with the `:=` spelling (`+kubebuilder:default:=3`), read as `=`. On
   * any other marker `:=` works as controller-gen reads it (a single value: the same value; named
   * arguments: an error) and warns.
   */
  readonly colonEquals?: boolean;
  /**
   * Accepted but ignored, with a warning saying this: for markers of Go's Kubernetes tooling that
   * controller-gen ignores, which a reader may think change the CRD (`+unionDiscriminator`).
   */
  readonly noEffect?: string;
  /**
   * Targets outside `targets` where controller-gen finds no such marker and so silently ignores
   * it (it registers `+k8s:immutable` for fields only): there it warns (KCG1115) and is ignored,
   * as in controller-gen, instead of the wrong-target error. The Kubernetes vocabulary sets it
   * from one table (src/vocab/controller-gen-targets.ts).
   */
  readonly ignoredOn?: readonly MarkerTarget[];
  /** Heading under which help output groups the marker. */
  readonly family?: string;
  /** Extra checks on a parsed value that need only the value and target; returns an error message. */
  readonly check?: (value: unknown, target: MarkerTarget) => string | undefined;
}

/** A marker found in a comment, with its parsed value. */
export interface Marker {
  readonly def: MarkerDefinition;
  /** The definition's name (the lookup key), not the spelling with argument segments. */
  readonly name: string;
  /** flag → true; value → typed value; args → Record<argName, typed value>; raw → the text or undefined. */
  readonly value: unknown;
  /** The marker text as written (from `+` to the end, trailing space removed), for messages. */
  readonly raw: string;
  readonly pos: SourcePos;
}

/** A comment line as the loader hands it over: text without the comment syntax, and where `text` starts. */
export interface CommentLine {
  readonly text: string;
  /** 1-based line of the text. */
  readonly line: number;
  /** 1-based column of the first character of `text`. */
  readonly col: number;
  /** File the line comes from; positions of markers found in it carry this path. */
  readonly file?: string;
}
