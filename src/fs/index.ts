// fs: the checked file-system access every stage that touches the disk reads it through (load for
// API packages, config for the config and header files, output for plans, stale scans and writes).
// It sits beside diagnostics, below the pipeline's stages, so none of them reaches into another.
export * from "./probe.js";
export * from "./text.js";
export * from "./write-if-changed.js";
