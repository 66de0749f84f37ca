// How a schema property is named from CEL, as the server's Escape (apiserver/pkg/cel/escaping.go):
// one table and one rule for both the CEL type checker of offline CRD checks (which fields a rule
// may select) and the evaluator here (under which names an object's properties appear), so a rule
// the check accepts reads the same field when it runs.

/** CEL's reserved words; a property named so is reached as `__<word>__`. */
const RESERVED = new Set([
  "true",
  "false",
  "null",
  "in",
  "as",
  "break",
  "const",
  "continue",
  "else",
  "for",
  "function",
  "if",
  "import",
  "let",
  "loop",
  "package",
  "namespace",
  "return",
  "var",
  "void",
  "while",
]);

/**
 * The CEL name of a schema property, or undefined when CEL cannot address it: the server accepts
 * `[a-zA-Z_.-/][a-zA-Z0-9_.-/]*` and escapes `__`, `.`, `-` and `/`.
 */
export function escapePropertyName(name: string): string | undefined {
  if (RESERVED.has(name)) return `__${name}__`;
  if (!/^[a-zA-Z_.\-/][a-zA-Z0-9_.\-/]*$/.test(name)) return undefined;
  return name.replace(/__/g, "__underscores__").replace(/\./g, "__dot__").replace(/-/g, "__dash__").replace(/\//g, "__slash__");
}
