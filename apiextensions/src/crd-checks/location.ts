// Maps a problem's field path back to the schema node it is about, so the crd generator can
// point a diagnostic at the TypeScript property that produced the node.

/** Where in a CRD's schemas a problem sits. */
export interface SchemaLocation {
  /** The version index, or undefined when the problem is in the schema all versions share. */
  versionIndex: number | undefined;
  /**
   * The property names leading to the node, from the root schema: `["spec", "ports", "[]", "name"]`.
   * `"[]"` steps into array items, `"{}"` into additionalProperties; junctors (anyOf[0] ...) are skipped.
   */
  properties: string[];
  /** What follows the node in the field path, e.g. "type", "default", "x-kubernetes-validations[0].rule". */
  rest: string;
}

const rootRe = /^spec\.(?:validation|versions\[(\d+)\]\.schema)\.openAPIV3Schema(.*)$/;
const stepRe = /^\.(properties\[([^\]]*)\]|items|additionalProperties|(?:anyOf|allOf|oneOf)\[\d+\]|not)/;

/** The schema node a CrdProblem's `field` refers to, or undefined for problems outside the schemas. */
export function schemaLocation(field: string): SchemaLocation | undefined {
  const m = rootRe.exec(field);
  if (m === null) return undefined;
  const versionIndex = m[1] === undefined ? undefined : Number(m[1]);
  const properties: string[] = [];
  let rest = m[2] ?? "";
  for (let s = stepRe.exec(rest); s !== null; s = stepRe.exec(rest)) {
    if (s[2] !== undefined) properties.push(s[2]);
    else if (s[1] === "items") properties.push("[]");
    else if (s[1] === "additionalProperties") properties.push("{}");
    rest = rest.slice(s[0].length);
  }
  return { versionIndex, properties, rest: rest.startsWith(".") ? rest.slice(1) : rest };
}
