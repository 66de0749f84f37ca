// Test helpers for the crd generator: run the pipeline on API packages written inline or copied
// from examples/, in a temporary directory, and read back the CRD documents.
import { cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { Options } from "../../../src/config/index.js";
import { runPipeline, type PipelineResult } from "../../../src/pipeline.js";
import { tempDir } from "../../helpers/fs.js";
import { testOptions } from "../../helpers/options.js";

/** The repository root. */
export const repo = resolve(import.meta.dirname, "../../..");

/** The doc.ts of a test package of group example.com. */
export const DOC = "// +groupName=example.com\n// +k8s:deepcopy-gen=package\nexport {};\n";

/** Writes `files` (paths relative to the input root) into a fresh temp dir and returns it. */
export function writeInput(files: Record<string, string>): string {
  const dir = tempDir("kcg-crd-");
  for (const [rel, text] of Object.entries(files)) {
    const p = join(dir, "input", rel);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, text);
  }
  return dir;
}

/** Where an example group's API package is: examples/apis/<g>, or an example project's generated-examples/<name>/apis/<g>. */
function exampleSource(group: string): string {
  const projects = readdirSync(join(repo, "generated-examples")).map((p) => join(repo, "generated-examples", p, "apis", group));
  const found = [join(repo, "examples/apis", group), ...projects].find((d) => existsSync(d));
  if (!found) throw new Error(`no example API group ${group}`);
  return found;
}

/** Copies example groups (e.g. "traefik", "samplecontroller") into a fresh temp input dir. */
export function copyExamples(...groups: string[]): string {
  const dir = tempDir("kcg-crd-");
  for (const g of groups)
    cpSync(exampleSource(g), join(dir, "input", g), { recursive: true, filter: (src) => !src.includes("zz_generated") });
  return dir;
}

/** Runs only the crd generator on `dir` (input/ → out/crds). */
export async function generateCrds(dir: string, over: Partial<Options> = {}): Promise<PipelineResult> {
  const options: Options = { ...testOptions(dir, { generators: "crd" }), generators: ["crd"], ...over };
  return runPipeline(options);
}

/** The YAML body of a generated CRD file: everything from the `---` line on (the header stripped). */
export function documentOf(content: string): string {
  const i = content.indexOf("\n---\n");
  return i >= 0 ? content.slice(i + 1) : content;
}

/** A minimal kind `Widget` whose spec has the given body, plus extra declarations. */
export function widget(specBody: string, opts: { kindMarkers?: string; extra?: string; imports?: string } = {}): string {
  const imports = opts.imports ?? "int32, int64, ObjectMeta, TypeMeta";
  return `import type { ${imports} } from "@kube-codegen/runtime";

${opts.kindMarkers ?? ""}// Widget is a test kind.
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}

// WidgetSpec is the spec of a Widget.
export interface WidgetSpec {
${specBody}}
${opts.extra ?? ""}`;
}
