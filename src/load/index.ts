// Stage: load. Owns reading API packages from disk with ts-morph and turning them into plain
// syntax (declarations, imports, types as written, offsets). It must not interpret markers or
// resolve types; ts-morph nodes never leave this folder. fs-probe.ts is the checked file-system
// access (never throws, never opens a FIFO) that output and config read the disk through too.
export * from "./syntax.js";
export * from "./load.js";
export * from "./fs-probe.js";
