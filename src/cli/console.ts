import { formatDiagnostic, type Diagnostic } from "../diagnostics/index.js";

/** Where the cli prints: stdout and stderr, replaceable in tests. */
export interface Out {
  log(text: string): void;
  err(text: string): void;
  printDiagnostics(diags: readonly Diagnostic[], sources: ReadonlyMap<string, string>): void;
}

/** Prints to arrays or to the process streams. */
export class Console implements Out {
  readonly stdout: string[] = [];
  readonly stderr: string[] = [];

  private constructor(private readonly live: boolean) {}

  /** The process's own streams. */
  static std(): Console {
    return new Console(true);
  }

  /** Captures output in memory, for tests. */
  static memory(): Console {
    return new Console(false);
  }

  log(text: string): void {
    if (this.live) process.stdout.write(`${text}\n`);
    else this.stdout.push(text);
  }

  err(text: string): void {
    if (this.live) process.stderr.write(`${text}\n`);
    else this.stderr.push(text);
  }

  printDiagnostics(diags: readonly Diagnostic[], sources: ReadonlyMap<string, string>): void {
    for (const d of diags) this.err(`${formatDiagnostic(d, sources)}\n`);
    const errors = diags.filter((d) => d.severity === "error").length;
    const warnings = diags.length - errors;
    if (diags.length > 0)
      this.err(`Found ${errors} error${errors === 1 ? "" : "s"}${warnings ? ` and ${warnings} warning${warnings === 1 ? "" : "s"}` : ""}.`);
  }
}
