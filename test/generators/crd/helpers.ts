// Test helpers for the crd generator: run the pipeline on API packages written inline or copied
// from examples/, in a temporary directory, and read back the CRD documents.
import assert from "node:assert/strict";
import { cpSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import type { Options } from "../../../src/config/index.js";
import { runPipeline, type PipelineResult } from "../../../src/pipeline.js";
import { exampleGroupDir } from "../../helpers/examples.js";
import { tempDir } from "../../helpers/fs.js";
import { testOptions } from "../../helpers/options.js";

/** The repository root. */
export const repo = resolve(import.meta.dirname, "../../..");

/** The doc.ts of a test package of group example.com. */
export const DOC = "// +groupName=example.com\n// +k8s:deepcopy-gen=package\nexport {};\n";

/** The .ts files under `root` (a ported API package in a fixture), by path relative to it, as writeInput takes them. */
export function portedPackage(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else if (e.name.endsWith(".ts")) out[relative(root, join(dir, e.name))] = readFileSync(join(dir, e.name), "utf8");
    }
  };
  walk(root);
  return out;
}

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

/** Copies example groups (e.g. "traefik", wherever its example project keeps it) into a fresh temp input dir. */
export function copyExamples(...groups: string[]): string {
  const dir = tempDir("kcg-crd-");
  for (const g of groups)
    cpSync(exampleGroupDir(g), join(dir, "input", g), { recursive: true, filter: (src) => !src.includes("zz_generated") });
  return dir;
}

/** Runs only the crd generator on `dir` (input/ → out/crds). */
export async function generateCrds(dir: string, over: Partial<Options> = {}): Promise<PipelineResult> {
  const options: Options = { ...testOptions(dir, { generators: "crd" }), generators: ["crd"], ...over };
  return runPipeline(options);
}

/** controller-gen's document `file` in fixture `root`, without its version annotation (we do not claim to be controller-gen). */
export function controllerGenDocument(root: string, file: string): string {
  return readFileSync(join(root, file), "utf8")
    .replace("    controller-gen.kubebuilder.io/version: v0.23.0\n", "")
    .replace(/^ {2}annotations:\n(?! {4})/m, "");
}

/** Asserts that `r` wrote exactly one CRD, `file`, byte for byte controller-gen's in fixture `root`. */
export function assertSameAsControllerGen(r: PipelineResult, root: string, file: string): void {
  assert.deepEqual(
    r.files.map((f) => f.path.slice(f.path.lastIndexOf("/") + 1)),
    [file],
  );
  assert.equal(documentOf(r.files[0]!.content), controllerGenDocument(root, file));
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
