// Stage: load. Owns reading API packages from disk with ts-morph and turning them into plain
// syntax (declarations, imports, types as written, offsets). It must not interpret markers or
// resolve types; ts-morph nodes never leave this folder. It reads the disk through src/fs.
export * from "./syntax.js";
export * from "./load.js";
