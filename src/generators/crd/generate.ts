import { Code, errorAt, hasErrors, type Diagnostic } from "../../diagnostics/index.js";
import { checkCrd } from "../../crd-checks/index.js";
import { toPosix } from "../paths.js";
import type { Generator, OutputFile } from "../types.js";
import { buildCrd, type CrdBuild } from "./crd-object.js";
import { goYaml } from "./go-yaml.js";
import { groupKinds } from "./kind-versions.js";
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
  generate(ctx) {
    const files: OutputFile[] = [];
    const diagnostics: Diagnostic[] = [];
    const dir = toPosix(ctx.options.crdOutput).replace(/\/+$/, "");
    for (const gk of groupKinds(ctx.model)) {
      const built = buildCrd(ctx.model, gk, {
        maxDescLen: ctx.options.maxDescLen,
        layout: ctx.options.crdCompat === "v0.13" ? "v0.13" : "current",
        boundsMerge: ctx.options.boundsMerge,
      });
      if (!built) continue;
      diagnostics.push(...built.diagnostics);
      if (hasErrors(built.diagnostics)) continue;
      const problems = serverProblems(built);
      diagnostics.push(...problems);
      if (problems.length > 0) continue;
      files.push({ path: `${dir}/${gk.group}_${built.plural}.yaml`, lang: "yaml", body: `---\n${goYaml(built.crd)}` });
    }
    return { files, diagnostics };
  },
};

/** The offline checks' objections, each placed at the source of the path it names. */
function serverProblems(built: CrdBuild): Diagnostic[] {
  return checkCrd(built.crd).map((p) =>
    errorAt(
      // A constraint a parent list's x-kubernetes-list-type imposes on its items is blamed on the
      // +listType / +listMapKey marker, not on the item type.
      built.sources.lookup(perVersionPath(p.imposedBy ?? p.field)),
      Code.serverRejects,
      `the API server would reject CRD ${built.name}: ${p.field}: ${firstLine(p.message)}`,
      "change the marker or field this points at so the generated schema is valid",
    ),
  );
}

/** Diagnostics are one line; CEL compile errors add a source excerpt after the first line. */
function firstLine(message: string): string {
  return message.split("\n")[0]!.trimEnd();
}
