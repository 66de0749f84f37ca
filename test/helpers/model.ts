import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { loadInput } from "../../src/load/load.js";
import type { Options } from "../../src/config/index.js";
import { buildModel, type ApiModel } from "../../src/model/index.js";
import { kubernetesMarkers } from "../../src/vocab/index.js";
import { tempDir } from "./fs.js";

/** Writes `files` (paths relative to an input root) to a temp dir and builds the model from them. */
export function modelOf(files: Record<string, string>) {
  const dir = tempDir();
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, "input", rel)), { recursive: true });
    writeFileSync(join(dir, "input", rel), text);
  }
  const loaded = loadInput("input", dir);
  const built = buildModel(loaded.input, kubernetesMarkers);
  return { model: built.model, diagnostics: [...loaded.diagnostics, ...built.diagnostics], dir };
}

/** The model the pipeline builds from the options' input (runPipeline keeps it only until the generators have run). */
export function modelFor(options: Options): ApiModel {
  return buildModel(loadInput(options.input, options.cwd).input, kubernetesMarkers).model;
}
