// memory: the process's garbage collection between the pipeline's stages. It imports nothing of ours;
// the pipeline calls it where a stage has just left most of what it allocated behind.
export * from "./collect.js";
