import { Code, errorAt, type Diagnostic } from "../../diagnostics/index.js";
import type { Marker } from "../../markers/index.js";
import type { JSONSchemaProps } from "@kube-codegen/apiextensions";

// Selectable fields came after the 1.24 API server the offline checks follow, so they are
// checked here the way newer servers do: a simple path to a string, integer or boolean field,
// each named once, at most eight.

const MAX_SELECTABLE = 8;

/** Problems with a version's +kubebuilder:selectablefield markers against its schema. */
export function checkSelectableFields(markers: readonly Marker[], schema: JSONSchemaProps): Diagnostic[] {
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  markers.forEach((m, i) => {
    const path = (m.value as { JSONPath: string }).JSONPath;
    if (i === MAX_SELECTABLE)
      out.push(
        errorAt(
          m.pos,
          Code.badSelectableField,
          `a CRD version may have at most ${MAX_SELECTABLE} selectable fields`,
          "remove the extra +kubebuilder:selectablefield markers",
        ),
      );
    if (seen.has(path))
      out.push(errorAt(m.pos, Code.badSelectableField, `selectable field ${path} is given twice`, "remove the repeated marker"));
    seen.add(path);
    const problem = resolve(path, schema);
    if (problem)
      out.push(
        errorAt(
          m.pos,
          Code.badSelectableField,
          `selectable field ${path}: ${problem}`,
          "name a string, integer or boolean field, e.g. JSONPath=`.spec.color`",
        ),
      );
  });
  return out;
}

function resolve(path: string, schema: JSONSchemaProps): string | undefined {
  if (!/^(\.[A-Za-z_][A-Za-z0-9_-]*)+$/.test(path)) return "must be a simple JSON path such as .spec.color";
  let node: JSONSchemaProps | undefined = schema;
  for (const name of path.slice(1).split(".")) {
    node = node?.properties?.[name];
    if (!node) return "no such field in the schema";
  }
  if (node.type !== "string" && node.type !== "integer" && node.type !== "boolean")
    return `the field is ${node.type ?? "untyped"}, not a string, integer or boolean`;
  return undefined;
}
