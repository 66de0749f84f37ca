// Reading a config file: JSON.parse says whether it is JSON, ajv checks it against the schema the
// option table generates (config-schema.ts, the same schema editors read from config.schema.json),
// and every problem is positioned at the key or value in the file, with a did-you-mean where the
// value was a slip of the keyboard. All of a file's problems are reported at once.
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { isMap, isPair, isScalar, isSeq, parseDocument, type Node as YamlNode } from "yaml";
import {
  closest,
  Code,
  didYouMean,
  errorAt,
  LineMap,
  sortDiagnostics,
  type Diagnostic,
  type ErrorCode,
  type SourcePos,
} from "../diagnostics/index.js";
import { configSchema, SCHEMA_KEY, type ConfigSchemaNode } from "./config-schema.js";
import { CONFIG_KEYS } from "./option-table.js";

/** A config file read and checked: its options (without `$schema`), and where each key's value sits. */
export interface ConfigFile {
  readonly values: Readonly<Record<string, unknown>>;
  /** The position of a key's value in the file, for problems the schema cannot see (a missing header file). */
  readonly positionOf: (key: string) => SourcePos | undefined;
}

/** Parses and checks a config file's text; `file` is the path diagnostics name. */
export function readConfigFile(text: string, file: string): ConfigFile | { diagnostics: Diagnostic[] } {
  const index = new PositionIndex(text, file);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return { diagnostics: [jsonSyntaxError((e as Error).message, index)] };
  }
  const validate = compiledSchema();
  if (!validate(parsed)) {
    const errors = relevant(validate.errors ?? []);
    return { diagnostics: sortDiagnostics(errors.flatMap((e) => diagnose(e, parsed, index))) };
  }
  const values = { ...(parsed as Record<string, unknown>) };
  delete values[SCHEMA_KEY];
  return { values, positionOf: (key) => index.at([key]) };
}

let compiled: ValidateFunction | undefined;

/** The schema compiled once per process: ajv compiles it to a function, which is the slow part. */
function compiledSchema(): ValidateFunction {
  if (compiled) return compiled;
  // strict: a schema keyword ajv does not know is a bug in config-schema.ts, not something to skip;
  // markdownDescription is VS Code's, declared as an annotation. allErrors: every problem at once.
  const ajv = new Ajv({ allErrors: true, allowUnionTypes: true, strict: true });
  ajv.addVocabulary(["markdownDescription"]);
  compiled = ajv.compile(configSchema());
  return compiled;
}

/**
 * The errors worth reporting: a value of the wrong type gets only its type error, not also the
 * enum or pattern it then fails (each is one problem to fix, said once).
 */
function relevant(errors: readonly ErrorObject[]): ErrorObject[] {
  const typed = new Set(errors.filter((e) => e.keyword === "type").map((e) => e.instancePath));
  return errors.filter((e) => e.keyword === "type" || !typed.has(e.instancePath));
}

/** Options whose bad value has a code of its own (the same as for the flag); others get KCG1016 or KCG1018. */
const valueCodes: Readonly<Record<string, ErrorCode>> = { generators: Code.unknownGenerator, maxDescLen: Code.badMaxDescLen };

const properties = configSchema().properties;

function diagnose(e: ErrorObject, root: unknown, index: PositionIndex): Diagnostic[] {
  const path = e.instancePath
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  const key = path[0];
  const value = valueAt(root, path);
  const at = index.at(path);
  const schema: ConfigSchemaNode | undefined = key === undefined ? undefined : properties[key];
  if (e.keyword === "additionalProperties") {
    const unknown = (e.params as { additionalProperty: string }).additionalProperty;
    const near = didYouMean(closest(unknown, [...CONFIG_KEYS, SCHEMA_KEY]).map((k) => `"${k}"`));
    return [
      errorAt(
        index.keyAt(path, unknown),
        Code.unknownConfigKey,
        `unknown config key "${unknown}"`,
        `${near ? `${near} ` : ""}known keys: ${CONFIG_KEYS.join(", ")}`,
      ),
    ];
  }
  if (key === undefined) {
    const what = Array.isArray(value) ? "an array" : value === null ? "null" : `a ${typeof value}`;
    return [
      errorAt(
        at,
        Code.badConfigValue,
        `config file must hold a JSON object of options, not ${what}`,
        'e.g. { "input": "apis", "crdOutput": "config/crd/bases" }',
      ),
    ];
  }
  const item = path.length > 1;
  const want = (item ? schema?.items?.type : schema?.type) ?? "";
  // A fraction where a whole number is wanted has the right JSON type: it is a bad number (below).
  if (e.keyword === "type" && !(want === "integer" && typeof value === "number")) {
    const wanted = item ? `each item of config key "${key}" must be ${typeName(want)}` : `config key "${key}" must be ${typeName(want)}`;
    return [errorAt(at, Code.badConfigValue, `${wanted}, not ${shown(value)}`, typeHint(key, value, schema))];
  }
  if (e.keyword === "minimum" || e.keyword === "type") {
    return [
      errorAt(at, valueCodes[key] ?? Code.badConfigValue, `${key} must be a whole number >= ${schema?.minimum ?? 0}, not ${shown(value)}`),
    ];
  }
  if (e.keyword === "minLength")
    return [errorAt(at, Code.emptyFlag, `config key "${key}" needs a value`, `give one, or leave the key out for the default`)];
  if (e.keyword === "enum") {
    const allowed = (e.params as { allowedValues: readonly string[] }).allowedValues;
    return [unknownValue(key, String(value), allowed, at, item)];
  }
  if (e.keyword === "pattern" && typeof value === "string") {
    // The comma-separated form: one diagnostic for each name that is not a generator.
    const allowed = schema?.items?.enum ?? [];
    const names = value
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = names.filter((n) => !allowed.includes(n));
    if (bad.length > 0) return bad.map((n) => unknownValue(key, n, allowed, at, true));
    return [errorAt(at, valueCodes[key] ?? Code.badOptionValue, `config key "${key}" names nothing`, listHint(allowed))];
  }
  // A keyword the schema gained without a message here: ajv's own words, still positioned.
  return [errorAt(at, Code.badConfigValue, `config key "${key}" ${e.message ?? "is not valid"}`)];
}

function unknownValue(key: string, v: string, allowed: readonly string[], at: SourcePos | undefined, item: boolean): Diagnostic {
  const code = valueCodes[key] ?? Code.badOptionValue;
  if (item)
    return errorAt(at, code, `unknown ${key === "generators" ? "generator" : `item of ${key}`} ${shown(v)}`, choiceHint(v, allowed));
  const near = didYouMean(closest(v, allowed).map((k) => `"${k}"`));
  return errorAt(
    at,
    code,
    `config key "${key}" must be one of ${allowed.join(", ")}, not ${shown(v)}`,
    near ?? `e.g. "${key}": "${allowed.at(-1) ?? ""}"`,
  );
}

/**
 * The hint for a name outside a list's choices (a generator, in the file or from --generators):
 * the nearest choice when one is near, then all of them (`all` last, as "or all").
 */
export function choiceHint(v: string, allowed: readonly string[]): string {
  const near = didYouMean(closest(v, allowed).map((k) => `"${k}"`));
  const list = allowed.at(-1) === "all" ? `${allowed.slice(0, -1).join(", ")} or all` : allowed.join(", ");
  return `${near ? `${near} ` : ""}choose from ${list}`;
}

function typeName(t: string | readonly string[]): string {
  const one = (x: string) =>
    ({ string: "a string", integer: "a whole number", number: "a number", boolean: "true or false", array: "a list of strings" })[x] ?? x;
  return typeof t === "string" ? one(t) : t.map(one).join(" or ");
}

/** How to write the value: without the quotes, when a number was quoted; else an example. */
function typeHint(key: string, value: unknown, schema: ConfigSchemaNode | undefined): string | undefined {
  if (schema?.type === "integer" && typeof value === "string" && /^\s*\d+\s*$/.test(value))
    return `write the number without quotes: "${key}": ${value.trim()}`;
  if (schema?.items) return listHint(schema.items.enum ?? []);
  const example = schema?.default ?? schema?.enum?.at(-1);
  return example !== undefined ? `e.g. "${key}": ${JSON.stringify(example)}` : undefined;
}

function listHint(allowed: readonly string[]): string {
  const [a = "deepcopy", b = "register"] = allowed;
  return `e.g. ["${a}", "${b}"] or "all"`;
}

/**
 * A value as a message shows it: a string quoted (cut at 60 characters), a number as written, a
 * list or object by its kind, since printing a whole one could be any size or depth.
 */
function shown(v: unknown): string {
  if (typeof v === "string") return JSON.stringify(v.length > 60 ? `${v.slice(0, 57)}...` : v);
  if (Array.isArray(v)) return "a list";
  if (v !== null && typeof v === "object") return "an object";
  return String(v);
}

function valueAt(root: unknown, path: readonly string[]): unknown {
  let v = root;
  for (const seg of path) v = Array.isArray(v) ? (v as unknown[])[Number(seg)] : (v as Record<string, unknown> | undefined)?.[seg];
  return v;
}

/** JSON.parse's message (`... in JSON at position 32`, with a line and column on newer Node) at the offset it names. */
function jsonSyntaxError(message: string, index: PositionIndex): Diagnostic {
  const m = /^(.*?)(?: in JSON)? at position (\d+)(?: \(line \d+ column \d+\))?$/.exec(message);
  const end = /end of JSON input/.test(message) ? index.offsetPos(index.length) : undefined;
  const pos = m ? index.offsetPos(Number(m[2])) : (end ?? index.offsetPos(0));
  return errorAt(pos, Code.configNotJson, `config file is not valid JSON: ${m ? m[1]! : message}`);
}

/**
 * Where each key and value of the file sits. A JSON text is a YAML 1.2 flow document, so the yaml
 * package's parser (already a dependency, for CRDs) gives every node's offset without a JSON
 * parser of our own; JSON.parse has already said the text is JSON, so the parse cannot disagree
 * about the structure (duplicate keys aside, where JSON.parse keeps the last, and so does this).
 * It parses only when a position is asked for, so a valid file is parsed once; a node it cannot
 * find (input nested past the parser's limits) is placed at the file's start.
 */
class PositionIndex {
  private root: YamlNode | null | undefined;
  private lines: LineMap | undefined;

  constructor(
    private readonly text: string,
    private readonly file: string,
  ) {}

  get length(): number {
    return this.text.length;
  }

  /** The value at a path of keys and list indexes. */
  at(path: readonly string[]): SourcePos {
    return this.nodePos(this.nodeAt(path));
  }

  /** The key `key` of the object at `path` (an unknown key is pointed at, not its value). */
  keyAt(path: readonly string[], key: string): SourcePos {
    const node = this.nodeAt(path);
    return this.nodePos(isMap(node) ? this.pairOf(node, key)?.key : undefined);
  }

  /** The 1-based line and column of a character offset. */
  offsetPos(offset: number, length?: number): SourcePos {
    this.lines ??= new LineMap(this.text, this.file);
    return this.lines.pos(offset, length);
  }

  private nodeAt(path: readonly string[]): unknown {
    if (this.root === undefined) this.root = parseDocument(this.text, { uniqueKeys: false }).contents;
    let node: unknown = this.root;
    for (const seg of path) node = isMap(node) ? this.pairOf(node, seg)?.value : isSeq(node) ? node.items[Number(seg)] : undefined;
    return node;
  }

  private pairOf(map: { items: unknown[] }, key: string): { key: unknown; value: unknown } | undefined {
    return map.items.findLast((p): p is { key: unknown; value: unknown } => isPair(p) && isScalar(p.key) && String(p.key.value) === key);
  }

  private nodePos(node: unknown): SourcePos {
    const range = (node as { range?: [number, number, number] } | undefined)?.range;
    if (!range) return this.offsetPos(0);
    const start = this.offsetPos(range[0]);
    const oneLine = range[1] > range[0] && this.offsetPos(range[1]).line === start.line;
    return oneLine ? this.offsetPos(range[0], range[1] - range[0]) : start;
  }
}
