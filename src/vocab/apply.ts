import { errorAt, type Diagnostic } from "../diagnostics/index.js";
import { MarkerCode, type Marker } from "../markers/index.js";
import type { JSONSchemaProps } from "../apiextensions/index.js";
import { hasSchemaEffect, type SchemaContext } from "./definition.js";

/**
 * Applies every schema marker among `markers` to `schema`, in controller-gen's order (by `order`,
 * then source order), and returns a KCG1108 error for each marker that does not fit the node.
 * Markers without a schema effect are skipped.
 */
export function applySchemaMarkers(schema: JSONSchemaProps, markers: readonly Marker[], ctx: SchemaContext): Diagnostic[] {
  const diags: Diagnostic[] = [];
  const withEffect = markers
    .map((m, index) => ({ m, index }))
    .filter(({ m }) => hasSchemaEffect(m.def))
    .sort((a, b) => orderOf(a.m) - orderOf(b.m) || a.index - b.index);
  for (const { m } of withEffect) {
    if (!hasSchemaEffect(m.def)) continue;
    const problem = m.def.applyToSchema(schema, m.value, ctx);
    if (problem !== undefined) diags.push(errorAt(m.pos, MarkerCode.schemaMisuse, `+${m.name}: ${problem}`, ctx.fieldType ? `the field's type is ${ctx.fieldType}` : undefined));
  }
  return diags;
}

function orderOf(m: Marker): number {
  return hasSchemaEffect(m.def) ? m.def.order : 0;
}
