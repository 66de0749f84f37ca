// The parse worker's thread (./parser-thread.ts starts it): loads the TypeScript compiler as soon as
// it starts, with V8's code cache in the folder it is given, then parses the files it is sent and
// sends back their syntax. Parsing is the same parseFile the main thread would run.
import { parentPort, workerData } from "node:worker_threads";
import { CacheStore, enableCodeCache, storeCodeCaches } from "../cache/index.js";
import type { ParseRequest, ParseAnswer } from "./parser-thread.js";

const { codeCacheDir } = workerData as { codeCacheDir: string | undefined };
// Its store never compacts: it shares the folder with the main thread's stores (the project's
// cache, when there is no user cache folder), and uses one entry of it.
enableCodeCache(codeCacheDir === undefined ? undefined : new CacheStore(codeCacheDir, { compact: false }));
// Importing the parser loads TypeScript (./parse.ts loads it when it is imported).
const { parseFile } = await import("./parse.js");

parentPort?.on("message", (request: ParseRequest) => {
  let answer: ParseAnswer;
  try {
    answer = { parsed: request.files.map((f) => parseFile(f.rel, f.display, f.text)) };
  } catch (e) {
    answer = { error: e instanceof Error ? e.message : String(e) };
  }
  parentPort?.postMessage(answer);
  // What V8 compiled without a cache is stored for the next run, as the main thread's is.
  storeCodeCaches();
});
