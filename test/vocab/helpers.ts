import assert from "node:assert/strict";
import { parseMarkers, type Marker, type MarkerTarget } from "../../src/markers/index.js";
import { applyMarkers, SourceMap } from "../../src/schema/index.js";
import { kubernetesMarkers, type JSONSchemaProps } from "../../src/vocab/index.js";

/** Parses marker lines with the Kubernetes registry. */
export function parse(texts: readonly string[], target: MarkerTarget = "field") {
  return parseMarkers(
    texts.map((text, i) => ({ text, line: i + 1, col: 4, file: "types.ts" })),
    target,
    kubernetesMarkers,
  );
}

/** Parses marker lines that must be valid and returns the markers. */
export function markers(texts: readonly string[], target: MarkerTarget = "field"): Marker[] {
  const r = parse(texts, target);
  assert.deepEqual(
    r.diagnostics.filter((d) => d.severity === "error"),
    [],
    `diagnostics for ${texts.join(" | ")}`,
  );
  return r.markers;
}

/** Applies the markers to a copy of `schema`; returns the new schema and the error messages. */
export function apply(
  schema: JSONSchemaProps,
  texts: readonly string[],
  target: MarkerTarget = "field",
): { schema: JSONSchemaProps; errors: string[] } {
  const copy = structuredClone(schema);
  const diags = applyMarkers(copy, markers(texts, target), { target }, "", new SourceMap());
  for (const d of diags) assert.equal(d.code, "KCG1108");
  return { schema: copy, errors: diags.map((d) => d.message) };
}

/** Applies markers that must fit and returns the schema. */
export function ok(schema: JSONSchemaProps, ...texts: string[]): JSONSchemaProps {
  const r = apply(schema, texts);
  assert.deepEqual(r.errors, []);
  return r.schema;
}

/** Applies one marker that must not fit; returns the error message and checks the schema is unchanged. */
export function misuse(schema: JSONSchemaProps, text: string, target: MarkerTarget = "field"): string {
  const r = apply(schema, [text], target);
  assert.equal(r.errors.length, 1, `expected a misuse error for ${text} on ${JSON.stringify(schema)}`);
  assert.deepEqual(r.schema, schema, "a misapplied marker must leave the schema unchanged");
  return r.errors[0]!;
}
