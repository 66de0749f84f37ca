import { Code, errorAt, type Diagnostic } from "../diagnostics/index.js";
import type { JSONSchemaProps } from "@kube-codegen/apiextensions";
import { resolveFieldPath as resolveJsonFieldPath } from "@kube-codegen/apiextensions/validation";
import { joinPath, type SourceMap } from "./source-map.js";

// A CEL rule's fieldPath must name a field of the object the rule sits on: API servers that know
// fieldPath (1.28 and later) refuse the CRD otherwise ("fieldPath must be a valid path"), and older
// ones drop it, so a wrong path never points anywhere useful. Checked at generation, at the marker.

/**
 * Every x-kubernetes-validations rule below `schema` (at `path`) whose fieldPath does not resolve,
 * reported where the rule came from.
 */
export function checkRuleFieldPaths(schema: JSONSchemaProps, path: string, sources: SourceMap): Diagnostic[] {
  const out: Diagnostic[] = [];
  visitNodes(schema, path, (node, at) => {
    (node["x-kubernetes-validations"] ?? []).forEach((rule, i) => {
      const fieldPath = rule.fieldPath;
      if (fieldPath === undefined || fieldPath.trim() === "") return;
      const problem = resolveFieldPath(node, fieldPath);
      if (problem === undefined) return;
      const pos = sources.lookup(`${joinPath(at, "x-kubernetes-validations")}[${i}]`);
      out.push(
        errorAt(
          pos,
          Code.badRuleFieldPath,
          `+kubebuilder:validation:XValidation: fieldPath ${JSON.stringify(fieldPath)} is not a valid path in this object: ${problem}`,
          "fieldPath is relative to the object the rule is on, e.g. `.replicas`, `.template.name` or `['dashed-key']`",
        ),
      );
    });
  });
  return out;
}

/** Calls `f` on every schema node below `s` (properties, items, additionalProperties) with its path. */
export function visitNodes(s: JSONSchemaProps, path: string, f: (node: JSONSchemaProps, path: string) => void): void {
  f(s, path);
  for (const [k, p] of Object.entries(s.properties ?? {})) visitNodes(p, joinPath(path, `properties[${k}]`), f);
  if (s.items && !Array.isArray(s.items)) visitNodes(s.items, joinPath(path, "items"), f);
  if (typeof s.additionalProperties === "object") visitNodes(s.additionalProperties, joinPath(path, "additionalProperties"), f);
}

/** The server's ValidFieldPath: `.name` and `['name']` steps through properties or map keys; why it fails, or undefined. */
export function resolveFieldPath(node: JSONSchemaProps, fieldPath: string): string | undefined {
  const resolved = resolveJsonFieldPath(node, fieldPath, true);
  return "error" in resolved ? resolved.error : undefined;
}
