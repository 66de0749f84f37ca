// Synthesized API packages that are deep rather than wide: long `extends` and alias chains, a
// marker value nested many levels, and struct types that nest many levels. Shared by the
// deep-input benchmark and the robustness tests, so both measure the same shapes.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The shapes of deep input the generator must handle in linear time or refuse with a position. */
export type DeepShape = "extends" | "alias" | "marker" | "marker-braces" | "struct" | "arrays" | "objects";

const DOC = "// +k8s:deepcopy-gen=package\n// +groupName=deep.example.com\nexport {};\n";
const HEAD = 'import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";\n\n';

function kind(spec: string): string {
  return `// +genclient\nexport interface Deep extends TypeMeta {\n  metadata?: ObjectMeta;\n  spec: ${spec};\n}\n\n`;
}

/** The types.ts text of one deep package of `n` levels. */
export function deepTypes(shape: DeepShape, n: number): string {
  const out: string[] = [HEAD];
  switch (shape) {
    case "extends":
      // Spec extends L<n-1> extends ... extends L0; every level adds one field, all inlined.
      out.push(kind("DeepSpec"));
      out.push("export interface L0 {\n  f0?: string;\n}\n");
      for (let i = 1; i < n; i++) out.push(`export interface L${i} extends L${i - 1} {\n  f${i}?: string;\n}\n`);
      out.push(`export interface DeepSpec extends L${n - 1} {\n  own?: string;\n}\n`);
      break;
    case "alias":
      // A<n-1> = ... = A0 = string; the spec's field has the last alias's type.
      out.push(kind("DeepSpec"));
      out.push("export type A0 = string;\n");
      for (let i = 1; i < n; i++) out.push(`export type A${i} = A${i - 1};\n`);
      out.push(`export interface DeepSpec {\n  value?: A${n - 1};\n}\n`);
      break;
    case "marker":
      out.push(kind("DeepSpec"));
      out.push(
        `export interface DeepSpec {\n  // +kubebuilder:default=${"[".repeat(n)}${"]".repeat(n)}\n  // +k8s:deepcopy-gen:unknown=json\n  value?: unknown[];\n}\n`,
      );
      break;
    case "marker-braces":
      // The marker grammar's own lists, `{{...}}`, rather than JSON.
      out.push(kind("DeepSpec"));
      out.push(
        `export interface DeepSpec {\n  // +kubebuilder:default=${"{".repeat(n)}a${"}".repeat(n)}\n  // +k8s:deepcopy-gen:unknown=json\n  value?: unknown[];\n}\n`,
      );
      break;
    case "arrays":
      out.push(kind("DeepSpec"));
      out.push(`export interface DeepSpec {\n  value?: string${"[]".repeat(n)};\n}\n`);
      break;
    case "objects":
      // Inline object types inside each other: the TypeScript parser itself recurses on these.
      out.push(kind("DeepSpec"));
      out.push(`export interface DeepSpec {\n  value?: ${"{ a: ".repeat(n)}string${" }".repeat(n)};\n}\n`);
      break;
    case "struct":
      // S0 has a field of type S1, which has one of type S2, ...: n levels of object schema.
      out.push(kind("S0"));
      for (let i = 0; i < n - 1; i++) out.push(`export interface S${i} {\n  next?: S${i + 1};\n}\n`);
      out.push(`export interface S${n - 1} {\n  leaf?: string;\n}\n`);
      break;
  }
  return out.join("");
}

/** Writes `<root>/deep/v1/{doc,types}.ts` for one shape and returns the input root. */
export function writeDeepPackage(root: string, shape: DeepShape, n: number): string {
  const dir = join(root, "apis", "deep", "v1");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "doc.ts"), DOC);
  writeFileSync(join(dir, "types.ts"), deepTypes(shape, n));
  return join(root, "apis");
}
