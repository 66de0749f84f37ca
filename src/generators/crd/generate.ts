import { Code, errorAt, hasErrors, warningAt, type Diagnostic } from "../../diagnostics/index.js";
import {
  approvalAnnotationField,
  checkCrdForServers,
  formatServerVersions,
  type CrdProblem,
  type RangeVerdict,
} from "@kube-codegen/apiextensions/crd-checks";
import { toPosix } from "../paths.js";
import type { Generator, GeneratorContext, GeneratorResult, GeneratorUnit } from "../types.js";
import { runUnits } from "../units.js";
import { buildCrd, type CrdBuild } from "./crd-object.js";
import { goYaml } from "./go-yaml.js";
import { groupKinds, type GroupKind } from "./kind-versions.js";
import { perVersionPath } from "./server-paths.js";

// Decision: controller-gen stamps `controller-gen.kubebuilder.io/version` on every CRD. We write
// no version annotation at all: the generated-file header already names the tool, and a version
// stamp would make every release rewrite every committed CRD (verify-codegen drift with no change
// in meaning). Annotations come only from +kubebuilder:metadata.

/**
 * The `crd` generator: one apiextensions.k8s.io/v1 CRD per group and kind across its versions,
 * written to `<crd-output>/<group>_<plural>.yaml` in controller-gen's YAML layout. Every CRD is
 * run through the offline API server checks; a CRD the server would reject is an error at the
 * marker, field or type that caused it.
 */
export const crdGenerator: Generator = {
  name: "crd",
  owns: (ctx) => [{ dir: toPosix(ctx.options.crdOutput), recursive: false, match: /\.ya?ml$/ }],
  generate: (ctx) => runUnits(crdUnits(ctx)),
  units: crdUnits,
};

/** One unit per CRD (group and kind): it reads the packages of the kind's versions and what their types reference. */
function crdUnits(ctx: GeneratorContext): GeneratorUnit[] {
  return groupKinds(ctx.model).map((gk) => ({
    id: `${gk.group}/${gk.name}`,
    reads: gk.versions.map((v) => v.pkg.id),
    generate: () => crdOf(ctx, gk),
  }));
}

function crdOf(ctx: GeneratorContext, gk: GroupKind): GeneratorResult {
  const dir = toPosix(ctx.options.crdOutput).replace(/\/+$/, "");
  const built = buildCrd(ctx.model, gk, {
    maxDescLen: ctx.options.maxDescLen,
    layout: ctx.options.crdCompat === "v0.13" ? "v0.13" : "current",
    boundsMerge: ctx.options.boundsMerge,
  });
  if (!built) return { files: [], diagnostics: [] };
  if (hasErrors(built.diagnostics)) return { files: [], diagnostics: built.diagnostics };
  const verdict = checkCrdForServers(built.crd, ctx.options.serverMinors);
  const problems = serverProblems(built, verdict, ctx.options.serverMinors);
  const diagnostics = [...built.diagnostics, ...problems];
  if (hasErrors(problems)) return { files: [], diagnostics };
  diagnostics.push(...serverWarnings(built, verdict));
  return { files: [{ path: `${dir}/${gk.group}_${built.plural}.yaml`, lang: "yaml", body: `---\n${goYaml(built.crd)}` }], diagnostics };
}

/**
 * The offline checks' objections for the target server versions, each placed at the source of the
 * path it names: an error when every target version rejects the CRD, a warning naming the versions
 * when only some do (the CRD is still written: it installs on the others).
 */
function serverProblems(built: CrdBuild, verdict: RangeVerdict, minors: readonly number[]): Diagnostic[] {
  const partial = verdict.partial.map(({ problem: p, versions }) =>
    warningAt(
      built.sources.lookup(perVersionPath(p.imposedBy ?? p.field)),
      Code.rejectedBySomeServers,
      `Kubernetes ${versions} would reject CRD ${built.name} (of the target versions ${formatServerVersions(minors)}): ${p.field}: ${firstLine(p.message)}`,
      "to support those versions, bound the lists and strings the rule reads (maxItems, maxLength) or simplify the rule; --server-versions chooses the target versions",
    ),
  );
  return [
    ...verdict.rejected.map((p) =>
      errorAt(
        // A constraint a parent list's x-kubernetes-list-type imposes on its items is blamed on the
        // +listType / +listMapKey marker, not on the item type.
        built.sources.lookup(perVersionPath(p.imposedBy ?? p.field)),
        Code.serverRejects,
        `the API server would reject CRD ${built.name}: ${p.field}: ${firstLine(p.message)}`,
        hintFor(p),
      ),
    ),
    ...partial,
  ];
}

/**
 * The warnings the target servers give when they accept the CRD, each placed at the source of the
 * schema it is about and naming the versions that give it (kubectl prints them on apply).
 */
function serverWarnings(built: CrdBuild, verdict: RangeVerdict): Diagnostic[] {
  return verdict.warnings.map(({ kind, field, message, versions }) =>
    warningAt(
      built.sources.lookup(perVersionPath(field)),
      Code.serverWarns,
      `Kubernetes ${versions} would warn when CRD ${built.name} is written: ${field}: ${message}`,
      kind === "format"
        ? "the server does not check a format it does not recognize: use one it does (date-time, uri, uuid, k8s-short-name from 1.35 ...) or a pattern"
        : "make the items a list-map (+listType=map with +listMapKey) or the list atomic (+listType=atomic)",
    ),
  );
}

/**
 * How to fix a problem in the API package. The approval annotation of a protected group
 * (`*.k8s.io`, `*.kubernetes.io`) comes from `+kubebuilder:metadata`, which controller-gen takes on
 * the kind's type (not in doc.ts: it has no package-level form), so the hint says where it goes.
 */
function hintFor(p: CrdProblem): string {
  if (p.field === approvalAnnotationField)
    return (
      'groups under k8s.io and kubernetes.io need an API review: add +kubebuilder:metadata:annotations="api-approved.kubernetes.io=<url>" ' +
      'above the kind (the URL of the approved review; "unapproved, <reason>" is allowed for an API outside the Kubernetes project)'
    );
  return "change the marker or field this points at so the generated schema is valid";
}

/** Diagnostics are one line; CEL compile errors add a source excerpt after the first line. */
function firstLine(message: string): string {
  return message.split("\n")[0]!.trimEnd();
}
