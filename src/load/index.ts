// Stage: load. Owns reading API packages from disk with TypeScript's parser and turning them into plain
// syntax (declarations, imports, types as written, offsets). It must not interpret markers or
// resolve types; compiler nodes never leave this folder. It reads the disk through src/fs.
// The pipeline loads through loadInputCached, which imports TypeScript only when a file must be
// parsed (on a second thread, parser-thread.ts, when the cli started one for a warm cache); load.ts
// (every file parsed, synchronously) is for tests that build a model directly.
export * from "./syntax.js";
export * from "./cached-load.js";
export * from "./parser-thread.js";
export * from "./controller-sources.js";
