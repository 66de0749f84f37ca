import type { DiagnosticCode, ErrorCode, Severity, WarningCode } from "./codes.js";

/** A problem found in the input, positioned where the user can fix it. */
export interface Diagnostic {
  /** Stable code such as `KCG1203`, declared in codes.ts; tests and docs refer to it. */
  readonly code: DiagnosticCode;
  readonly severity: Severity;
  /** Path of the file, relative to the working directory when possible. */
  readonly file?: string;
  /** 1-based line and column. */
  readonly line?: number;
  readonly col?: number;
  /** Length of the span to underline (defaults to 1). */
  readonly length?: number;
  readonly message: string;
  readonly hint?: string;
}

/** Where a piece of input sits: used by every stage to position its diagnostics. */
export interface SourcePos {
  readonly file: string;
  readonly line: number;
  readonly col: number;
  readonly length?: number;
}

/** Builds an error diagnostic at a position; the code must be declared as an error. */
export function errorAt(pos: SourcePos | undefined, code: ErrorCode, message: string, hint?: string): Diagnostic {
  return diagnosticAt("error", pos, code, message, hint);
}

/** Builds a warning diagnostic at a position; the code must be declared as a warning. */
export function warningAt(pos: SourcePos | undefined, code: WarningCode, message: string, hint?: string): Diagnostic {
  return diagnosticAt("warning", pos, code, message, hint);
}

function diagnosticAt(
  severity: Severity,
  pos: SourcePos | undefined,
  code: DiagnosticCode,
  message: string,
  hint: string | undefined,
): Diagnostic {
  return {
    code,
    severity,
    ...(pos ? { file: pos.file, line: pos.line, col: pos.col, ...(pos.length !== undefined ? { length: pos.length } : {}) } : {}),
    message,
    ...(hint !== undefined ? { hint } : {}),
  };
}

/** True when any diagnostic is an error. */
export function hasErrors(diags: readonly Diagnostic[]): boolean {
  return diags.some((d) => d.severity === "error");
}

/**
 * Sorts diagnostics by file, line, column and code so every run prints them in the same order,
 * and drops exact repeats (one problem reached through two paths is reported once).
 */
export function sortDiagnostics(diags: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  const unique = diags.filter((d) => {
    const key = JSON.stringify([d.file, d.line, d.col, d.code, d.message]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique.sort(
    (a, b) =>
      cmp(a.file ?? "", b.file ?? "") ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.col ?? 0) - (b.col ?? 0) ||
      cmp(a.code, b.code) ||
      cmp(a.message, b.message),
  );
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
