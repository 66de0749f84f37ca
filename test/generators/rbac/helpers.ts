// Test helpers for the rbac and webhook generators: run the pipeline with controller sources and
// no API packages, in a temporary directory.
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { GeneratorName, Options } from "../../../src/config/index.js";
import { runPipeline, type PipelineResult } from "../../../src/pipeline.js";
import { tempDir } from "../../helpers/fs.js";
import { testOptions } from "../../helpers/options.js";

/** Copies `controllerDir` to `<tmp>/controller` and runs `generator` on it (rbac → out/rbac, webhook → out/webhook). */
export async function generateFromControllers(controllerDir: string, generator: GeneratorName): Promise<PipelineResult> {
  const dir = tempDir("kcg-rbac-");
  cpSync(controllerDir, join(dir, "controller"), { recursive: true });
  return run(dir, generator);
}

/** Writes `files` (paths relative to `<tmp>/controller`) and runs `generator` on them. */
export async function generateFromSources(files: Record<string, string>, generator: GeneratorName): Promise<PipelineResult> {
  const dir = tempDir("kcg-rbac-");
  for (const [rel, text] of Object.entries(files)) {
    const p = join(dir, "controller", rel);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, text);
  }
  return run(dir, generator);
}

async function run(dir: string, generator: GeneratorName): Promise<PipelineResult> {
  mkdirSync(join(dir, "input"), { recursive: true });
  const options: Options = {
    ...testOptions(dir),
    generators: [generator],
    controllers: ["controller"],
    rbacOutput: "out/rbac",
    webhookOutput: "out/webhook",
  };
  return runPipeline(options);
}
