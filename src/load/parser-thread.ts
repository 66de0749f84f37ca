// A second thread that parses, so that loading the TypeScript compiler (a quarter of a second on
// a 2-core machine, most of a run that changed one file) overlaps the main thread's own work: the
// rest of the files' syntax decoded from the cache. Started by the cli before the pipeline when the
// cache is warm (a run from an empty cache has no such work to overlap, and parses on the main
// thread); loadInputCached sends it the files it must parse, or stops it when there are none.
// Anything that goes wrong with it (it cannot start, it fails) leaves the parsing to the main
// thread: the thread only ever saves time.
import { Worker } from "node:worker_threads";
import type { ParsedFile } from "./syntax.js";

/** What the main thread sends: the files to parse. */
export interface ParseRequest {
  readonly files: readonly { readonly rel: string; readonly display: string; readonly text: string }[];
}

/** What the thread answers: each file's syntax, in the order sent, or why it could not. */
export type ParseAnswer = { readonly parsed: ParsedFile[] } | { readonly error: string };

/**
 * The thread's script beside this module: the build's .js, or under a TypeScript loader (tests,
 * tsx) the source's .ts, which the thread loads through the same loader (it inherits the flags).
 */
const WORKER_SCRIPT = new URL(import.meta.url.endsWith(".ts") ? "./parse-worker.ts" : "./parse-worker.js", import.meta.url);

export class ParserThread {
  /** How many files the thread has parsed: for tests. */
  parsedFiles = 0;
  private readonly worker: Worker | undefined;
  private failed = false;

  private constructor(codeCacheDir: string | undefined, script: URL) {
    try {
      this.worker = new Worker(script, { workerData: { codeCacheDir } });
      this.worker.on("error", () => (this.failed = true));
      // It must not keep the process alive once the run is done.
      this.worker.unref();
    } catch {
      this.worker = undefined;
    }
  }

  /**
   * Starts the thread, which begins loading TypeScript at once; `codeCacheDir` is where the code
   * cache is kept. `script` is the thread's (tests give another, to see a failing thread ignored).
   */
  static start(codeCacheDir: string | undefined, script = WORKER_SCRIPT): ParserThread {
    return new ParserThread(codeCacheDir, script);
  }

  /** Each file's syntax, parsed on the thread; undefined when the thread failed (the caller parses them itself). */
  async parse(files: ParseRequest["files"]): Promise<ParsedFile[] | undefined> {
    const worker = this.worker;
    if (worker === undefined || this.failed) return undefined;
    const answer = await new Promise<ParseAnswer | undefined>((resolve) => {
      const done = (a: ParseAnswer | undefined): void => {
        worker.off("message", done);
        worker.off("error", failed);
        worker.off("exit", failed);
        resolve(a);
      };
      const failed = (): void => done(undefined);
      worker.on("message", done);
      worker.on("error", failed);
      worker.on("exit", failed);
      worker.postMessage({ files } satisfies ParseRequest);
    });
    if (answer === undefined || !("parsed" in answer) || answer.parsed.length !== files.length) return undefined;
    this.parsedFiles += files.length;
    return answer.parsed;
  }

  /** Stops the thread (what it was doing is dropped). */
  stop(): void {
    void this.worker?.terminate();
  }
}
