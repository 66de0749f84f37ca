// The synthetic API the generator benchmarks share: one package of N kinds with M fields each,
// cycling through the shapes real CRDs have (markers, nested types, list maps, sets, maps, quantities,
// CEL rules, conditions, a status subresource, +genclient), and the whole-process timing helper.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { staleReason } from "../scripts/build-stamp.js";

const repo = resolve(import.meta.dirname, "..");

/** Builds dist/ unless it is the build of the sources as they are now, so the figure is for this code. */
export function ensureBuilt(): void {
  if ([repo, ...["runtime", "apiextensions", "testing"].map((w) => join(repo, w))].every((p) => staleReason(p) === undefined)) return;
  const r = spawnSync("npm", ["run", "build"], { cwd: repo, stdio: "inherit" });
  if (r.status !== 0) throw new Error("npm run build failed");
}

/** One field declaration of the synthesized spec, cycling through the shapes CRDs commonly have. */
function field(k: number, i: number): string {
  const name = `field${i}`;
  switch (i % 10) {
    case 0:
      return `  // ${name} is a bounded count.\n  // +kubebuilder:validation:Minimum=0\n  // +kubebuilder:validation:Maximum=1000\n  // +kubebuilder:default=1\n  ${name}?: int32;\n`;
    case 1:
      return `  // ${name} is a DNS label.\n  // +kubebuilder:validation:MaxLength=63\n  // +kubebuilder:validation:Pattern=\`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$\`\n  ${name}: string;\n`;
    case 2:
      return `  // ${name} is one of three modes.\n  ${name}?: "Fast" | "Safe" | "Off";\n`;
    case 3:
      return `  // ${name} is a set of tags.\n  // +listType=set\n  // +kubebuilder:validation:MaxItems=16\n  // +kubebuilder:validation:items:MaxLength=32\n  ${name}?: string[];\n`;
    case 4:
      return `  // ${name} is keyed by name.\n  // +listType=map\n  // +listMapKey=name\n  // +kubebuilder:validation:MaxItems=8\n  ${name}?: Port${k}[];\n`;
    case 5:
      return `  // ${name} holds labels.\n  // +kubebuilder:validation:MaxProperties=32\n  ${name}?: Record<string, string>;\n`;
    case 6:
      return `  // ${name} is a timestamp.\n  ${name}?: Time;\n`;
    case 7:
      return `  // ${name} is a quantity.\n  ${name}?: Quantity;\n`;
    case 8:
      return `  // ${name} cannot change.\n  // +k8s:immutable\n  // +kubebuilder:validation:MaxLength=64\n  ${name}?: string;\n`;
    default:
      return `  // ${name} is a nested object.\n  ${name}?: Nested${k};\n`;
  }
}

function kindFile(k: number, fieldCount: number): string {
  const fields = Array.from({ length: fieldCount }, (_, i) => field(k, i)).join("\n");
  return `import type { Condition, int32, ObjectMeta, Quantity, Time, TypeMeta } from "@kube-codegen/runtime";

// Port${k} is a named port.
export interface Port${k} {
  // name keys the list.
  name: string;
  // +kubebuilder:validation:Minimum=1
  // +kubebuilder:validation:Maximum=65535
  port: int32;
}

// Nested${k} is a nested object with a rule.
// +kubebuilder:validation:XValidation:rule="self.min <= self.max",message="min must not exceed max"
export interface Nested${k} {
  min: int32;
  max: int32;
}

// Kind${k}Spec is the desired state of a Kind${k}.
export interface Kind${k}Spec {
${fields}}

// Kind${k}Status is the observed state of a Kind${k}.
export interface Kind${k}Status {
  // +listType=map
  // +listMapKey=type
  conditions?: Condition[];
}

// +genclient
// +kubebuilder:subresource:status
// +kubebuilder:printcolumn:name="Age",type=date,JSONPath=\`.metadata.creationTimestamp\`

// Kind${k} is synthesized kind number ${k}.
export interface Kind${k} extends TypeMeta {
  metadata?: ObjectMeta;
  spec: Kind${k}Spec;
  status?: Kind${k}Status;
}
`;
}

/** Writes the synthetic API package (group bench.example.com, version v1) into a new temp dir. */
export function synthesizeApi(kinds: number, fields: number): string {
  const dir = mkdtempSync(join(tmpdir(), "kcg-bench-api-"));
  const pkg = join(dir, "apis/bench/v1");
  mkdirSync(pkg, { recursive: true });
  writeFileSync(join(pkg, "doc.ts"), "// +groupName=bench.example.com\n// +k8s:deepcopy-gen=package\nexport {};\n");
  for (let k = 0; k < kinds; k++) writeFileSync(join(pkg, `kind${k}_types.ts`), kindFile(k, fields));
  return dir;
}

/** Best of `runs` whole-process `generate --generators <generators>` runs on the package in `dir`. */
export function timeGenerate(dir: string, generators: string, runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    rmSync(join(dir, "out"), { recursive: true, force: true });
    const start = performance.now();
    const r = spawnSync(
      process.execPath,
      [
        join(repo, "bin/kube-codegen.js"),
        "generate",
        "--generators",
        generators,
        "--input",
        "apis",
        "--output",
        "out",
        "--crd-output",
        "out/crds",
      ],
      { cwd: dir, encoding: "utf8" },
    );
    const ms = performance.now() - start;
    if (r.status !== 0) throw new Error(`generate --generators ${generators} failed:\n${r.stderr}`);
    times.push(ms);
  }
  return Math.min(...times);
}

/** The kinds of group `g` when `kinds` kinds are split into groups of `GROUP_SIZE`: the global indexes. */
export const GROUP_SIZE = 10;
function groupKinds(g: number, kinds: number): number[] {
  return Array.from({ length: Math.min(GROUP_SIZE, kinds - g * GROUP_SIZE) }, (_, i) => g * GROUP_SIZE + i);
}

/**
 * The synthetic API split into groups of ten kinds (g0.bench.example.com, g1 ... each at v1), as
 * relative path -> text: the same kinds `synthesizeApi` writes, one package per group, so the
 * generators meet many packages as a real multi-group API has them.
 */
export function groupedTsApiFiles(kinds: number, fields: number): Map<string, string> {
  const files = new Map<string, string>();
  for (let g = 0; g * GROUP_SIZE < kinds; g++) {
    files.set(`apis/g${g}/v1/doc.ts`, `// +groupName=g${g}.bench.example.com\n// +k8s:deepcopy-gen=package\nexport {};\n`);
    for (const k of groupKinds(g, kinds)) files.set(`apis/g${g}/v1/kind${k}_types.ts`, kindFile(k, fields));
  }
  return files;
}

/** The Go module path of the synthesized Go API; generated code goes under `${GO_MODULE}/generated`. */
export const GO_MODULE = "example.com/benchapi";

/**
 * One Go field with the markers of `field(k, i)`'s TypeScript field. Where the TypeScript spelling
 * has no Go marker of the same name, the marker controller-gen reads for the same schema is used:
 * a string-literal union is `+kubebuilder:validation:Enum`, and `+k8s:immutable` (which controller-gen
 * does not read) is the CEL rule it stands for, `self == oldSelf`.
 */
function goField(k: number, i: number): string {
  const name = `field${i}`;
  const Name = `Field${i}`;
  const opt = `  // +optional\n`;
  switch (i % 10) {
    case 0:
      return `  // ${name} is a bounded count.\n  // +kubebuilder:validation:Minimum=0\n  // +kubebuilder:validation:Maximum=1000\n  // +kubebuilder:default=1\n${opt}  ${Name} *int32 \`json:"${name},omitempty"\`\n`;
    case 1:
      return `  // ${name} is a DNS label.\n  // +kubebuilder:validation:MaxLength=63\n  // +kubebuilder:validation:Pattern=\`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$\`\n  ${Name} string \`json:"${name}"\`\n`;
    case 2:
      return `  // ${name} is one of three modes.\n  // +kubebuilder:validation:Enum=Fast;Safe;Off\n${opt}  ${Name} string \`json:"${name},omitempty"\`\n`;
    case 3:
      return `  // ${name} is a set of tags.\n  // +listType=set\n  // +kubebuilder:validation:MaxItems=16\n  // +kubebuilder:validation:items:MaxLength=32\n${opt}  ${Name} []string \`json:"${name},omitempty"\`\n`;
    case 4:
      return `  // ${name} is keyed by name.\n  // +listType=map\n  // +listMapKey=name\n  // +kubebuilder:validation:MaxItems=8\n${opt}  ${Name} []Port${k} \`json:"${name},omitempty"\`\n`;
    case 5:
      return `  // ${name} holds labels.\n  // +kubebuilder:validation:MaxProperties=32\n${opt}  ${Name} map[string]string \`json:"${name},omitempty"\`\n`;
    case 6:
      return `  // ${name} is a timestamp.\n${opt}  ${Name} *metav1.Time \`json:"${name},omitempty"\`\n`;
    case 7:
      return `  // ${name} is a quantity.\n${opt}  ${Name} *resource.Quantity \`json:"${name},omitempty"\`\n`;
    case 8:
      return `  // ${name} cannot change.\n  // +kubebuilder:validation:XValidation:rule="self == oldSelf",message="${name} is immutable"\n  // +kubebuilder:validation:MaxLength=64\n${opt}  ${Name} string \`json:"${name},omitempty"\`\n`;
    default:
      return `  // ${name} is a nested object.\n${opt}  ${Name} *Nested${k} \`json:"${name},omitempty"\`\n`;
  }
}

function goKindFile(k: number, fields: number): string {
  const body = Array.from({ length: fields }, (_, i) => goField(k, i)).join("\n");
  return `package v1

import (
  "k8s.io/apimachinery/pkg/api/resource"
  metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// The imports are used whatever the field count, as the TypeScript file imports its types.
var _ resource.Quantity

// Port${k} is a named port.
type Port${k} struct {
  // name keys the list.
  Name string \`json:"name"\`
  // +kubebuilder:validation:Minimum=1
  // +kubebuilder:validation:Maximum=65535
  Port int32 \`json:"port"\`
}

// Nested${k} is a nested object with a rule.
// +kubebuilder:validation:XValidation:rule="self.min <= self.max",message="min must not exceed max"
type Nested${k} struct {
  Min int32 \`json:"min"\`
  Max int32 \`json:"max"\`
}

// Kind${k}Spec is the desired state of a Kind${k}.
type Kind${k}Spec struct {
${body}}

// Kind${k}Status is the observed state of a Kind${k}.
type Kind${k}Status struct {
  // +listType=map
  // +listMapKey=type
  // +optional
  Conditions []metav1.Condition \`json:"conditions,omitempty"\`
}

// +genclient
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:printcolumn:name="Age",type=date,JSONPath=\`.metadata.creationTimestamp\`

// Kind${k} is synthesized kind number ${k}.
type Kind${k} struct {
  metav1.TypeMeta \`json:",inline"\`
  // +optional
  metav1.ObjectMeta \`json:"metadata,omitempty"\`
  Spec Kind${k}Spec \`json:"spec"\`
  // +optional
  Status Kind${k}Status \`json:"status,omitempty"\`
}

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
// +kubebuilder:object:root=true

// Kind${k}List is a list of Kind${k}. Go declares it; the TypeScript generator derives it.
type Kind${k}List struct {
  metav1.TypeMeta \`json:",inline"\`
  // +optional
  metav1.ListMeta \`json:"metadata,omitempty"\`
  Items []Kind${k} \`json:"items"\`
}
`;
}

/**
 * The Go equivalent of `groupedTsApiFiles` as relative path -> text: per group a doc.go with
 * +groupName and +k8s:deepcopy-gen=package and one types file per kind, with the same markers, for
 * code-generator and controller-gen to read. `goMod` (and `goSum`) are the module files the package
 * resolves k8s.io/apimachinery with: bench/go's, under this module's path, so the Go tools read the
 * pinned versions from the module cache.
 */
export function groupedGoApiFiles(kinds: number, fields: number, goMod: string, goSum: string): Map<string, string> {
  const files = new Map<string, string>();
  files.set("go.mod", goMod.replace(/^module .*$/m, `module ${GO_MODULE}`));
  files.set("go.sum", goSum);
  for (let g = 0; g * GROUP_SIZE < kinds; g++) {
    files.set(
      `apis/g${g}/v1/doc.go`,
      `// +k8s:deepcopy-gen=package\n// +groupName=g${g}.bench.example.com\n\n// Package v1 is group g${g} of the synthetic API.\npackage v1\n`,
    );
    for (const k of groupKinds(g, kinds)) files.set(`apis/g${g}/v1/kind${k}_types.go`, goKindFile(k, fields));
  }
  return files;
}

/** Writes relative path -> text under `dir`. */
export function writeFiles(dir: string, files: ReadonlyMap<string, string>): void {
  for (const [rel, text] of files) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
}
