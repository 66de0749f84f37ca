// A path to a field of a schema, as kube-apiserver's cel.ValidFieldPath reads it: the fieldPath of an
// x-kubernetes-validations rule (`.spec.ports['x.y']`) and the jsonPath of a selectable field
// (`.spec.color`, no brackets). Each step is `.name` or `['name']` through properties, or a map key
// through additionalProperties; the errors are the server's. The CRD checks resolve these paths to
// check them, and a failed rule's error is placed at its resolved path (the server's
// NormalizedRuleFieldPath), so both use this one reading.

/** What resolving reads of a schema: its properties and its additionalProperties. */
export interface PathSchema<S> {
  properties?: Record<string, S>;
  additionalProperties?: boolean | S;
}

/** A path that resolves: the schema it names (undefined below a map of unknown values) and its field.Path text. */
export interface ResolvedFieldPath<S> {
  schema: S | undefined;
  /** field.Path's String(): children joined by ".", map keys as `[key]`; "" for the root. */
  path: string;
  /** The first step's name, the path's Root(). */
  root: string;
}

// Tokens as the server's scanner splits them: '.', '[' and ']' alone, a single-quoted string whole
// (an unterminated one to the end), and the text between delimiters.
const TOKEN = /'(?:[^'\\]|\\.)*'|'.*|[.[\]]|[^.[\]]+/g;

const ESCAPES: Record<string, string> = { a: "\x07", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v", "'": "'", "\\": "\\" };

/** The server's unescapeSingleQuote: the escapes of a quoted step, or the first unknown one. */
function unescapeSingleQuote(s: string): string | { error: string } {
  let bad: string | undefined;
  const out = s.replace(/\\[\s\S]/g, (m) => {
    const c = ESCAPES[m[1]!];
    if (c === undefined) bad ??= m;
    return c ?? "";
  });
  return bad === undefined ? out : { error: `invalid escape char ${bad}` };
}

/** Resolves `jsonPath` below `schema`, or gives the server's reason it is not a valid field path. */
export function resolveFieldPath<S extends PathSchema<S>>(
  schema: S,
  jsonPath: string,
  allowArrayNotation: boolean,
): ResolvedFieldPath<S> | { error: string } {
  const tokens = jsonPath.match(TOKEN) ?? [];
  let at: S | undefined = schema;
  let path = "";
  let root = "";
  const step = (name: string): string | undefined => {
    if (root === "") root = name;
    if (at?.properties !== undefined) {
      path = path === "" ? name : `${path}.${name}`;
      at = Object.hasOwn(at.properties, name) ? at.properties[name] : undefined;
      return at === undefined ? "does not refer to a valid field" : undefined;
    }
    if (at?.additionalProperties !== undefined && at.additionalProperties !== false) {
      path = `${path}[${name}]`;
      at = typeof at.additionalProperties === "object" ? at.additionalProperties : undefined;
      return undefined;
    }
    return "does not refer to a valid field";
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    let problem: string | undefined;
    if (t === "[") {
      if (!allowArrayNotation) return { error: "array notation is not allowed" };
      const q = tokens[++i];
      if (q === undefined) return { error: "unexpected end of JSON path" };
      if (q.length < 2 || !q.startsWith("'") || !q.endsWith("'")) return { error: `expected single quoted string but got ${q}` };
      const name = unescapeSingleQuote(q.slice(1, -1));
      if (typeof name !== "string") return { error: `invalid string literal: ${name.error}` };
      problem = step(name);
      if (problem !== undefined) return { error: problem };
      const close = tokens[++i];
      if (close === undefined) return { error: "unexpected end of JSON path" };
      if (close !== "]") return { error: `expected ] but got ${close}` };
    } else if (t === ".") {
      const name = tokens[++i];
      if (name === undefined) return { error: "unexpected end of JSON path" };
      problem = step(name);
      if (problem !== undefined) return { error: problem };
    } else return { error: `expected [ or . but got: ${t}` };
  }
  return { schema: at, path, root };
}
