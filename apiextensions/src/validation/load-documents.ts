// Reading Kubernetes manifests: multi-document YAML or JSON files into plain objects, with positions
// (document index) kept for messages, and `kind: List` documents expanded into their items.
import { readdirSync, realpathSync, statSync, type Stats } from "node:fs";
import { join } from "node:path";
import { parseAllDocuments, type SchemaOptions } from "yaml";

// kubectl reads manifests with go-yaml v2 (YAML 1.1: `yes`/`off` are booleans, 0777 is octal) and keeps
// timestamps as strings; reading them the same way keeps verdicts equal to what a server would receive.
const YAML_OPTIONS = {
  version: "1.1",
  customTags: (tags: Tags): Tags => tags.filter((t) => typeof t !== "object" || t.tag !== "tag:yaml.org,2002:timestamp"),
} as const;
type Tags = Parameters<Extract<NonNullable<SchemaOptions["customTags"]>, (...a: never[]) => unknown>>[0];

/** One decoded document of a manifest file. */
export interface ManifestDocument {
  readonly file: string;
  /** Zero-based position of the document in its file. */
  readonly documentIndex: number;
  /** Position inside the document when it is a `kind: List` or a JSON array, so each item can be named. */
  readonly itemIndex?: number;
  readonly value: unknown;
}

/** Parses manifest text; returns the non-empty documents and any parse problems. */
export function parseManifests(file: string, text: string): { documents: ManifestDocument[]; problems: string[] } {
  const documents: ManifestDocument[] = [];
  const problems: string[] = [];
  const trimmed = text.trimStart();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    // JSON first (exact numbers and errors); a YAML flow mapping like `{a: 1}` falls through to YAML.
    try {
      pushValue(documents, file, 0, JSON.parse(text));
      return { documents, problems };
    } catch {
      // not JSON
    }
  }
  parseAllDocuments(text, YAML_OPTIONS).forEach((doc, index) => {
    if (doc.errors.length > 0) {
      // The yaml package appends a source excerpt after the first line; the position in that line is enough.
      problems.push(`${file}[${index}]: invalid YAML: ${(doc.errors[0]?.message ?? "parse error").split("\n")[0]!.replace(/:\s*$/, "")}`);
      return;
    }
    pushValue(documents, file, index, doc.toJS({ maxAliasCount: 100 }));
  });
  return { documents, problems };
}

function pushValue(out: ManifestDocument[], file: string, documentIndex: number, value: unknown): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      if (v !== null && v !== undefined) out.push({ file, documentIndex, itemIndex: i, value: v });
    });
    return;
  }
  const rec = value as Record<string, unknown>;
  if (typeof value === "object" && rec["kind"] === "List" && Array.isArray(rec["items"])) {
    rec["items"].forEach((item: unknown, i: number) => out.push({ file, documentIndex, itemIndex: i, value: item }));
    return;
  }
  out.push({ file, documentIndex, value });
}

const MANIFEST = /\.(ya?ml|json)$/i;

/**
 * The manifest files a path names: the file itself, or every `*.yaml`, `*.yml` and `*.json` below a
 * directory, recursively, sorted so every run reads them in the same order. Throws, with a message
 * naming the path, when the path cannot be read or a directory link loops back into a directory it
 * is inside (found by real path at its first turn, not by ELOOP hundreds of levels down). FIFOs,
 * sockets and devices inside a directory are never opened: they are left out. Shared by
 * `validate`, `test-server` and the test server's loadCrds.
 */
export function manifestFiles(path: string): string[] {
  if (!statOf(path).isDirectory()) return [path];
  const out: string[] = [];
  const walk = (dir: string, ancestors: ReadonlySet<string>): void => {
    for (const name of readdirOf(dir)) {
      const p = join(dir, name);
      const st = statOf(p);
      if (st.isDirectory()) {
        const real = realpathSync(p);
        if (ancestors.has(real)) throw new Error(`${p} is a symbolic link to a directory it is inside (a loop)`);
        walk(p, new Set([...ancestors, real]));
      } else if (st.isFile() && MANIFEST.test(name)) out.push(p);
    }
  };
  walk(path, new Set([realpathSync(path)]));
  return out;
}

function statOf(p: string): Stats {
  try {
    return statSync(p);
  } catch (e) {
    throw new Error(fsWords(p, e));
  }
}

function readdirOf(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch (e) {
    throw new Error(fsWords(dir, e));
  }
}

/** A file-system failure as a short sentence naming the path, not Node's message with its syscall. */
function fsWords(p: string, e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  const why: Record<string, string> = {
    ENOENT: "does not exist (or is a dangling symbolic link)",
    ELOOP: "is a symbolic link that loops",
    EACCES: "cannot be read: permission denied",
    ENOTDIR: "is inside a file, not a directory",
  };
  return `${p} ${(code && why[code]) ?? `cannot be read (${code ?? String(e)})`}`;
}
