// Stage: output. Owns the sinks: finalizing files (header, format), comparing them with the
// disk, writing atomically, removing stale generated files, and the verify diff. Every path a
// run would touch is checked (plan.ts) before the first write, and a file without the generated
// line is never replaced. It must not decide what is generated.
export * from "./finalize.js";
export * from "./scan.js";
export * from "./plan.js";
export * from "./apply.js";
export * from "./diff.js";
export * from "./disk.js";
