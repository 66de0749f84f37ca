// The API server validates a v1 CRD after converting it to its internal form, which hoists
// per-version schema, subresources and columns to the top of `spec` when every version has the
// same ones. Its field paths then name `spec.validation...`; this maps them back to the first
// version, where our source map records them.

const hoisted: readonly (readonly [string, string])[] = [
  ["spec.validation", "spec.versions[0].schema"],
  ["spec.subresources", "spec.versions[0].subresources"],
  ["spec.additionalPrinterColumns", "spec.versions[0].additionalPrinterColumns"],
  ["spec.selectableFields", "spec.versions[0].selectableFields"],
];

/** A server field path rewritten to the per-version path the generator built. */
export function perVersionPath(field: string): string {
  for (const [from, to] of hoisted) {
    if (field === from) return to;
    const rest = field.slice(from.length);
    if (field.startsWith(from) && (rest.startsWith(".") || rest.startsWith("["))) return to + rest;
  }
  return field;
}
