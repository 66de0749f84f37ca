// One API package with a kind per +genclient variant, generated (register, crd, client) into a
// temporary directory whose clientset imports the runtime's sources by absolute path, so the
// output can be compiled with TypeScript (`compile`, under the repository's strict options) and
// imported by tsx as a consumer would.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import ts from "typescript";
import { runPipeline } from "../../../src/pipeline.js";
import type { Diagnostic } from "../../../src/diagnostics/index.js";
import { tempDir } from "../../helpers/fs.js";
import { testOptions } from "../../helpers/options.js";
import { createProgram } from "../../helpers/program-cache.js";

const repo = resolve(import.meta.dirname, "../../..");
/** The runtime's entry, as the generated files import it. */
export const RUNTIME_ENTRY = join(repo, "runtime/src/index.js");

const imp = 'import type { int32, ListMeta, ObjectMeta, TypeMeta } from "@kube-codegen/runtime";\n';

/** A kind named `name` with the given markers (each without `// `) and a status unless `status` is false. */
function kind(name: string, markers: string[], status = true): string {
  return `
${markers.map((m) => `// ${m}`).join("\n")}
// ${name} is a test kind.
export interface ${name} extends TypeMeta {
  metadata?: ObjectMeta;
  spec: Spec;
${status ? "  status?: Status;\n" : ""}}
`;
}

/** Every variant, by kind name. */
export const VARIANT_TYPES = [
  imp,
  "// Spec is shared by every kind.\nexport interface Spec {\n  replicas?: int32;\n  color?: string;\n}\n",
  "// Status is shared by every kind.\nexport interface Status {\n  replicas?: int32;\n  selector?: string;\n}\n",
  kind("Everything", ["+genclient", "+kubebuilder:subresource:status"]),
  kind("Cluster", ["+genclient", "+genclient:nonNamespaced", "+kubebuilder:subresource:status"]),
  kind("Silent", ["+genclient", "+genclient:noVerbs"]),
  kind("ScaleOnly", [
    "+genclient",
    "+genclient:noVerbs",
    "+genclient:method=GetScale,verb=get,subresource=scale,result=k8s.io/api/autoscaling/v1.Scale",
  ]),
  kind("Only", ["+genclient", "+genclient:onlyVerbs=create,get"]),
  kind("Skip", ["+genclient", "+genclient:skipVerbs=update,patch,deleteCollection"]),
  kind("NoStatus", ["+genclient", "+genclient:noStatus"]),
  kind("Statusless", ["+genclient"], false),
  kind("ReadOnly", ["+genclient", "+genclient:readonly"]),
  kind("Scaled", [
    "+genclient",
    "+genclient:method=GetScale,verb=get,subresource=scale,result=k8s.io/api/autoscaling/v1.Scale",
    "+genclient:method=UpdateScale,verb=update,subresource=scale,input=Scale,result=Scale",
    "+genclient:method=PatchStatus,verb=patch,subresource=status",
    "+kubebuilder:subresource:status",
    "+kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.status.selector",
  ]),
  kind("Plain", []),
].join("");

/** The input files: one package, variants.example.com/v1. */
export const VARIANT_INPUT: Record<string, string> = {
  "variants/v1/doc.ts": "// +groupName=variants.example.com\nexport {};\n",
  "variants/v1/types.ts": VARIANT_TYPES,
};

/** Runs the pipeline on `input` in a new temp dir and writes its files; returns the dir and diagnostics. */
export async function generateInto(
  input: Record<string, string>,
  generators = "register,crd,client",
): Promise<{ dir: string; files: string[]; diagnostics: Diagnostic[] }> {
  const dir = tempDir("kcg-client-");
  // ES modules, as a project using the runtime must be.
  writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
  for (const [rel, text] of Object.entries(input)) {
    mkdirSync(dirname(join(dir, "input", rel)), { recursive: true });
    writeFileSync(join(dir, "input", rel), text);
  }
  const options = { ...testOptions(dir, { generators }), runtimeImport: RUNTIME_ENTRY };
  const r = await runPipeline(options);
  for (const f of r.files) {
    mkdirSync(dirname(join(dir, f.path)), { recursive: true });
    writeFileSync(join(dir, f.path), f.content);
  }
  return { dir, files: r.files.map((f) => f.path), diagnostics: r.diagnostics };
}

/** Compiles `files` (absolute) with the repository's strict options; returns the program and its errors. */
export function compile(files: string[]): { program: ts.Program; errors: string[] } {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ["lib.es2023.d.ts"],
    types: ["node"],
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    noImplicitOverride: true,
    skipLibCheck: true,
    noEmit: true,
    // The input packages import the runtime by name, as in a project that depends on it.
    paths: { "@kube-codegen/runtime": [RUNTIME_ENTRY.replace(/\.js$/, ".ts")] },
  };
  const program = createProgram(files, options);
  const errors = ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
  return { program, errors };
}
