// Compares a test-server answer with a recorded one as the transcripts README prescribes: status code,
// reason, details (kind, name, group, causes' reason+field as a set), and object bodies with run-specific
// values removed (uid, resourceVersion, timestamps, managedFields times and the order they give,
// generated names, continue).

type Json = unknown;

/** Paths and values that differ from run to run, removed before comparing bodies. */
function normalize(v: Json, sortItems: boolean, parentKey = ""): Json {
  if (Array.isArray(v)) {
    const out = v.map((x) => normalize(x, sortItems, parentKey));
    if (sortItems && parentKey === "items") out.sort((a, b) => (itemKey(a) < itemKey(b) ? -1 : itemKey(a) > itemKey(b) ? 1 : 0));
    // The server orders managedFields entries by their time (to the second), which is removed above: two
    // entries written a moment apart come in either order depending on whether a second turned between
    // them (a CRD's create and its Established status, one replay in many under load).
    if (parentKey === "managedFields") out.sort((a, b) => (stableStringify(a) < stableStringify(b) ? -1 : 1));
    return out;
  }
  if (!v || typeof v !== "object") return v;
  const o = v as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(o)) {
    if (parentKey === "metadata" && ["uid", "resourceVersion", "creationTimestamp", "deletionTimestamp", "continue"].includes(k)) continue;
    if (parentKey === "metadata" && k === "name" && typeof o["generateName"] === "string") continue;
    if (parentKey === "managedFields" && k === "time") continue;
    if (k === "lastTransitionTime" && parentKey === "conditions" && o["reason"] !== undefined && o["message"] !== undefined) continue;
    out[k] = normalize(val, sortItems, k === "managedFields" || k === "conditions" ? k : k);
  }
  return out;
}

function itemKey(x: Json): string {
  const m = ((x as Record<string, unknown> | null)?.["metadata"] ?? {}) as Record<string, unknown>;
  return `${String(m["namespace"] ?? "")}/${String(m["name"] ?? "")}`;
}

/** Table cells of date columns are ages ("1s") that depend on when the replay runs. */
function withoutAges(v: Json): Json {
  if (!v || typeof v !== "object" || (v as Record<string, unknown>)["kind"] !== "Table") return v;
  const t = v as { columnDefinitions?: { type?: string }[]; rows?: { cells?: unknown[] }[] };
  const dates = new Set((t.columnDefinitions ?? []).flatMap((c, i) => (c.type === "date" ? [i] : [])));
  return { ...t, rows: (t.rows ?? []).map((r) => ({ ...r, cells: (r.cells ?? []).map((c, i) => (dates.has(i) ? null : c)) })) };
}

/** Normalised JSON text of a body, for equality and for diff output. */
export function canonical(v: Json, sortItems = false): string {
  return stableStringify(normalize(withoutAges(v), sortItems));
}

function stableStringify(v: Json): string {
  if (Array.isArray(v)) return `[${v.map(stableStringify).join(",")}]`;
  if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableStringify(o[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(v);
}

function statusSummary(s: Record<string, unknown>): string {
  const d = (s["details"] ?? {}) as Record<string, unknown>;
  const causes = Array.isArray(d["causes"])
    ? (d["causes"] as Record<string, unknown>[]).map((c) => `${String(c["reason"] ?? "")}@${String(c["field"] ?? "")}`).sort()
    : [];
  return JSON.stringify({
    status: s["status"],
    reason: s["reason"] ?? "",
    code: s["code"] ?? null,
    kind: d["kind"] ?? "",
    name: d["name"] ?? "",
    group: d["group"] ?? "",
    causes,
  });
}

function isStatus(v: Json): v is Record<string, unknown> {
  return !!v && typeof v === "object" && (v as Record<string, unknown>)["kind"] === "Status";
}

/** Options for comparing one answer. */
export interface CompareOptions {
  /** Compare list items as a set (resourceVersion=0 lists come from the cache in no particular order). */
  unorderedItems?: boolean;
  /** The recording captured an object the client then changed: leave spec and status out. */
  aliased?: boolean;
}

function dropSpecStatus(v: Json): Json {
  if (!v || typeof v !== "object") return v;
  const { spec: _s, status: _t, ...rest } = v as Record<string, unknown>;
  return rest;
}

/** Differences between an expected and an actual body (empty when they match). */
export function compareBodies(expected: Json, actual: Json, opts: CompareOptions = {}): string[] {
  if (isStatus(expected)) {
    if (!isStatus(actual)) return [`expected a Status, got ${JSON.stringify(actual).slice(0, 300)}`];
    const e = statusSummary(expected);
    const a = statusSummary(actual);
    return e === a ? [] : [`Status differs:\n  expected ${e}\n  actual   ${a}\n  actual message: ${String(actual["message"])}`];
  }
  if (typeof expected === "string")
    return typeof actual === "string" && actual.trim() === expected.trim()
      ? []
      : [`body: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual).slice(0, 200)}`];
  const e = canonical(opts.aliased ? dropSpecStatus(expected) : expected, opts.unorderedItems ?? false);
  const a = canonical(opts.aliased ? dropSpecStatus(actual) : actual, opts.unorderedItems ?? false);
  if (e === a) return [];
  // The first difference, with some context, comes first: the caller keeps only the problem's start.
  let at = 0;
  while (at < e.length && e[at] === a[at]) at++;
  const from = Math.max(0, at - 200);
  return [`body differs at character ${at}:\n  expected …${e.slice(from, at + 300)}\n  actual   …${a.slice(from, at + 300)}`];
}
