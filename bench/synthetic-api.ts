// The synthetic API the generator benchmarks share: one package of N kinds with M fields each,
// cycling through the shapes real CRDs have (markers, nested types, list maps, sets, maps, quantities,
// CEL rules, conditions, a status subresource, +genclient), and the whole-process timing helper.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { staleReason } from "../scripts/build-stamp.js";

const repo = resolve(import.meta.dirname, "..");

/** Builds dist/ unless it is the build of the sources as they are now, so the figure is for this code. */
export function ensureBuilt(): void {
  if (staleReason(repo) === undefined && staleReason(join(repo, "runtime")) === undefined) return;
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
