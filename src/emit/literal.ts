// Turning data into code text safely. Every value that comes from the input (marker values,
// names, doc comments) reaches generated TypeScript only through these functions, so a value
// can never end a string, open a template, or close a comment.

/** A TypeScript string literal for any string: JSON escaping, plus U+2028/9 spelled out. */
export function tsString(s: string): string {
  return JSON.stringify(s)
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** A reference to a generated identifier inside data passed to tsValue (never user text). */
export class IdentifierRef {
  constructor(readonly name: string) {
    if (!isIdentifier(name)) throw new Error(`not an identifier: ${name}`);
  }
}

/** A TypeScript expression for JSON data (objects, arrays, strings, numbers, booleans, null). */
export function tsValue(v: unknown): string {
  if (v === null || v === undefined) return "null";
  if (v instanceof IdentifierRef) return v.name;
  if (typeof v === "string") return tsString(v);
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "null";
  if (typeof v === "boolean") return v ? "true" : "false";
  if (Array.isArray(v)) return `[${v.map(tsValue).join(", ")}]`;
  if (typeof v === "object") {
    const entries = Object.entries(v as Record<string, unknown>).map(([k, x]) => `${tsKey(k)}: ${tsValue(x)}`);
    return `{ ${entries.join(", ")} }`;
  }
  return "null";
}

/**
 * An object key: bare when it is a plain identifier, quoted otherwise. `__proto__` is written as
 * a computed key, because `{ "__proto__": v }` in an object literal sets the prototype instead of
 * defining a property.
 */
function tsKey(k: string): string {
  if (k === "__proto__") return `[${tsString(k)}]`;
  return isIdentifier(k) ? k : tsString(k);
}

/** Property access: `.name` for identifiers, `["a-b"]` otherwise. */
export function tsAccess(k: string): string {
  return isIdentifier(k) ? `.${k}` : `[${tsString(k)}]`;
}

// ECMAScript identifiers, Unicode included (`Café` is a valid type name).
const identifier = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*$/u;

/** True when `s` can be used as a TypeScript identifier as is. */
export function isIdentifier(s: string): boolean {
  return identifier.test(s);
}

/**
 * A JSDoc comment for free text: `*\/` cannot close it early, and each line is prefixed.
 * Returns "" for empty text.
 */
export function docComment(text: string, indent = ""): string {
  const clean = text.replace(/\*\//g, "*\\/").replace(/\r/g, "");
  if (clean.trim() === "") return "";
  const lines = clean.split("\n");
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((l) => `${indent} *${l ? ` ${l}` : ""}`).join("\n")}\n${indent} */\n`;
}
