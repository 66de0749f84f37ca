import {
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  parseAllDocuments,
  type Document,
  type Node,
  type SchemaOptions,
} from "yaml";
import { Code, errorAt, type Diagnostic, type SourcePos } from "../diagnostics/index.js";

/** One YAML document as plain data, with the position of every node by its path (`spec.versions[0].name`). */
export interface ParsedDocument {
  readonly file: string;
  readonly value: unknown;
  readonly positions: ReadonlyMap<string, SourcePos>;
}

/** The documents of one CRD file, or the positioned errors that stop the import. */
export interface ParsedFile {
  readonly documents: ParsedDocument[];
  readonly diagnostics: Diagnostic[];
}

// CRDs are read as kubectl reads manifests (YAML 1.1), with timestamps kept as strings so that a
// default or enum value that looks like a date stays the text it is.
const YAML_OPTIONS = {
  version: "1.1",
  customTags: (tags: Tags): Tags => tags.filter((t) => typeof t !== "object" || t.tag !== "tag:yaml.org,2002:timestamp"),
} as const;
type Tags = Parameters<Extract<NonNullable<SchemaOptions["customTags"]>, (...a: never[]) => unknown>>[0];

/**
 * Parse stage: a CRD file's text into plain data per document, keeping where each node sits so
 * that later stages can point at the line of the YAML they could not import. Never throws.
 */
export function parseCrdFile(file: string, text: string): ParsedFile {
  const lineCounter = new LineCounter();
  const documents: ParsedDocument[] = [];
  const diagnostics: Diagnostic[] = [];
  const docs = parseAllDocuments(text, { ...YAML_OPTIONS, lineCounter });
  const list = Array.isArray(docs) ? docs : [];
  for (const doc of list) {
    const first = doc.errors[0];
    if (first) {
      const { line, col } = lineCounter.linePos(first.pos[0]);
      const message = first.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?\s*$/, "");
      diagnostics.push(errorAt({ file, line, col }, Code.importBadYaml, `invalid YAML: ${message}`));
      continue;
    }
    if (doc.contents === null) continue;
    const positions = new Map<string, SourcePos>();
    const at = (n: Node): SourcePos => {
      const { line, col } = lineCounter.linePos(n.range?.[0] ?? 0);
      return { file, line, col };
    };
    const value = toPlain(doc, doc.contents, "", positions, at, 0);
    if (value === null || value === undefined) continue;
    documents.push({ file, value, positions });
  }
  return { documents, diagnostics };
}

function join(path: string, key: string): string {
  return path === "" ? key : `${path}.${key}`;
}

/** Plain data of a node (aliases resolved, at most a few levels of them), recording positions. */
function toPlain(
  doc: Document.Parsed,
  node: unknown,
  path: string,
  positions: Map<string, SourcePos>,
  at: (n: Node) => SourcePos,
  aliasDepth: number,
): unknown {
  if (isAlias(node)) {
    const target = aliasDepth < 8 ? node.resolve(doc) : undefined;
    return target === undefined ? null : toPlain(doc, target, path, positions, at, aliasDepth + 1);
  }
  if (isScalar(node)) {
    if (!positions.has(path)) positions.set(path, at(node));
    return node.value;
  }
  if (isMap(node)) {
    if (!positions.has(path)) positions.set(path, at(node));
    const out: Record<string, unknown> = {};
    for (const item of node.items) {
      if (!isPair(item)) continue;
      const key = isScalar(item.key) ? String(item.key.value) : String(item.key);
      const child = join(path, key);
      if (isScalar(item.key) || isMap(item.key) || isSeq(item.key)) positions.set(child, at(item.key));
      Object.defineProperty(out, key, {
        value: toPlain(doc, item.value, child, positions, at, aliasDepth),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  if (isSeq(node)) {
    if (!positions.has(path)) positions.set(path, at(node));
    return node.items.map((item, i) => toPlain(doc, item, `${path}[${String(i)}]`, positions, at, aliasDepth));
  }
  return null;
}
