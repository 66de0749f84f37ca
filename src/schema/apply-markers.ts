import { Code, errorAt, type Diagnostic } from "../diagnostics/index.js";
import type { Marker } from "../markers/index.js";
import type { JSONSchemaProps } from "@kube-codegen/apiextensions";
import { hasSchemaEffect, type SchemaContext, type SchemaMarkerDefinition } from "../vocab/index.js";
import { joinPath, type SourceMap } from "./source-map.js";

const ITEMS = "kubebuilder:validation:items:";

/**
 * Applies the schema markers of one field or type to its node, as controller-gen does: plain
 * markers first, by priority (`order`) then source order, then the `items:` markers onto the
 * items. Bounds land on the node itself (never in allOf) so the server's CEL cost estimate sees
 * them. Each key a marker sets is recorded in `sources` at the marker, for later diagnostics.
 */
export function applyMarkers(
  schema: JSONSchemaProps,
  markers: readonly Marker[],
  ctx: SchemaContext,
  path: string,
  sources: SourceMap,
): Diagnostic[] {
  const diags: Diagnostic[] = [];
  const effective = markers
    .map((m, index) => ({ m, index }))
    .filter((x): x is { m: Marker & { def: SchemaMarkerDefinition }; index: number } => hasSchemaEffect(x.m.def));
  const byOrder = (a: { m: Marker & { def: SchemaMarkerDefinition }; index: number }, b: typeof a) =>
    a.m.def.order - b.m.def.order || a.index - b.index;
  const plain = effective.filter((x) => !x.m.name.startsWith(ITEMS)).sort(byOrder);
  const items = effective.filter((x) => x.m.name.startsWith(ITEMS)).sort(byOrder);
  for (const { m } of [...plain, ...items]) {
    const onItems = m.name.startsWith(ITEMS);
    const target = onItems && schema.items && !Array.isArray(schema.items) ? schema.items : schema;
    const targetPath = target === schema ? path : joinPath(path, "items");
    const before = snapshot(target);
    const problem = m.def.applyToSchema(schema, m.value, ctx);
    if (problem !== undefined) {
      diags.push(
        errorAt(
          m.pos,
          Code.schemaMisuse,
          `+${m.name}: ${problem}`,
          ctx.fieldType ? `the ${ctx.target === "type" ? "type" : "field's type"} is ${ctx.fieldType}` : undefined,
        ),
      );
      continue;
    }
    recordChanges(before, target, targetPath, m, sources);
  }
  return diags;
}

function snapshot(s: JSONSchemaProps): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(s)) out.set(k, JSON.stringify(v) ?? "undefined");
  return out;
}

/** Points every key the marker added or changed (and each new list entry) at the marker. */
function recordChanges(before: Map<string, string>, after: JSONSchemaProps, path: string, m: Marker, sources: SourceMap): void {
  for (const [k, v] of Object.entries(after)) {
    const was = before.get(k);
    const now = JSON.stringify(v) ?? "undefined";
    if (was === now) continue;
    const keyPath = joinPath(path, k);
    const old: unknown = was === undefined ? undefined : JSON.parse(was);
    if (!Array.isArray(old)) sources.set(keyPath, m.pos);
    if (Array.isArray(v)) for (let i = Array.isArray(old) ? old.length : 0; i < v.length; i++) sources.set(`${keyPath}[${i}]`, m.pos);
  }
}
