// metadata.managedFields: decoding, encoding, ordering, and the bookkeeping the server does on every
// non-apply write (create, update, merge/JSON/strategic patch): the writer gains the fields it changed,
// everyone else loses them. Mirrors apiserver's fieldmanager chain (strip meta fields, managed-fields
// updater, cap of 10 update managers) on top of structured-merge-diff's Update.

import { FieldSet } from "./field-set.js";
import { isObject, type JsonObject, type JsonValue } from "./json.js";
import { ignoredFields, type ResourceSchema } from "./resource-schema.js";
import { compare, filterComparison } from "./typed-walk.js";

/** One decoded managedFields entry. */
export interface ManagedEntry {
  readonly manager: string;
  readonly operation: "Apply" | "Update";
  readonly apiVersion: string;
  readonly subresource?: string;
  readonly time?: string;
  readonly set: FieldSet;
}

/** Who performs a write, and when (time is passed in: the library never reads the clock). */
export interface WriterOptions {
  /** Field manager (the fieldManager query parameter, else derived from the user agent). */
  readonly manager: string;
  /** Version of the request, e.g. "apps/v1". */
  readonly apiVersion: string;
  /** "status", "scale"... or undefined for the main resource. */
  readonly subresource?: string;
  /** RFC 3339 timestamp written into the entries this write touches. */
  readonly time: string;
  readonly schema: ResourceSchema;
}

/** Options of updateManagedFields; operation is always "Update" (apply has its own function). */
export interface UpdateOptions extends WriterOptions {
  readonly operation?: "Update";
}

/** Fields of the top level and of metadata the server never records an owner for. */
export const STRIPPED_FIELDS: FieldSet = FieldSet.of(
  ["f:apiVersion"],
  ["f:kind"],
  ["f:metadata"],
  ["f:metadata", "f:name"],
  ["f:metadata", "f:namespace"],
  ["f:metadata", "f:creationTimestamp"],
  ["f:metadata", "f:selfLink"],
  ["f:metadata", "f:uid"],
  ["f:metadata", "f:clusterName"],
  ["f:metadata", "f:generation"],
  ["f:metadata", "f:managedFields"],
  ["f:metadata", "f:resourceVersion"],
);

/** The server keeps at most this many Update entries; older ones merge into "ancient-changes". */
export const MAX_UPDATE_MANAGERS = 10;

/** The identity the server merges entries by: manager, operation, subresource, and apiVersion for updates. */
export function entryId(e: Pick<ManagedEntry, "manager" | "operation" | "apiVersion" | "subresource">): string {
  // Appliers keep one entry across versions, as BuildManagerIdentifier leaves their apiVersion out.
  const version = e.operation === "Apply" ? "" : e.apiVersion;
  return JSON.stringify([e.manager, e.operation, version, e.subresource ?? ""]);
}

/** Decodes metadata.managedFields; undefined when malformed (the server then starts from scratch). */
export function decodeManagedFields(raw: JsonValue | undefined): ManagedEntry[] | undefined {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) return undefined;
  const out: ManagedEntry[] = [];
  const seen = new Set<string>();
  for (const item of raw) {
    if (!isObject(item)) return undefined;
    const op = item["operation"];
    if (op !== "Apply" && op !== "Update") return undefined;
    if (item["fieldsType"] !== "FieldsV1") return undefined;
    const e: ManagedEntry = {
      manager: typeof item["manager"] === "string" ? item["manager"] : "",
      operation: op,
      apiVersion: typeof item["apiVersion"] === "string" ? item["apiVersion"] : "",
      ...(typeof item["subresource"] === "string" && item["subresource"] !== "" ? { subresource: item["subresource"] } : {}),
      ...(typeof item["time"] === "string" ? { time: item["time"] } : {}),
      set: FieldSet.fromFieldsV1(item["fieldsV1"]),
    };
    const id = entryId(e);
    if (seen.has(id)) return undefined;
    seen.add(id);
    out.push(e);
  }
  return out;
}

function seconds(time: string | undefined): number {
  if (time === undefined) return 0;
  const ms = Date.parse(time);
  return Number.isNaN(ms) ? 0 : Math.floor(ms / 1000);
}

/** Sorts entries as the server does: Apply before Update, then time, manager, apiVersion, subresource. */
export function sortEntries(entries: readonly ManagedEntry[]): ManagedEntry[] {
  const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  return [...entries].sort(
    (p, q) =>
      cmp(p.operation, q.operation) ||
      seconds(p.time) - seconds(q.time) ||
      cmp(p.manager, q.manager) ||
      cmp(p.apiVersion, q.apiVersion) ||
      cmp(p.subresource ?? "", q.subresource ?? ""),
  );
}

/** Encodes entries (sorted, keys in the server's order) for metadata.managedFields. */
export function encodeManagedFields(entries: readonly ManagedEntry[]): JsonObject[] {
  return sortEntries(entries.filter((e) => !e.set.isEmpty())).map((e) => ({
    manager: e.manager,
    operation: e.operation,
    apiVersion: e.apiVersion,
    ...(e.time !== undefined ? { time: e.time } : {}),
    fieldsType: "FieldsV1",
    fieldsV1: e.set.toFieldsV1(),
    ...(e.subresource !== undefined ? { subresource: e.subresource } : {}),
  }));
}

/** A copy of `obj` without metadata.managedFields. */
export function withoutManagedFields(obj: JsonObject): JsonObject {
  const meta = obj["metadata"];
  if (!isObject(meta) || !("managedFields" in meta)) return obj;
  const { managedFields: _drop, ...rest } = meta;
  return { ...obj, metadata: rest };
}

/** A copy of `obj` whose metadata.managedFields encodes `entries` (removed when there are none). */
export function withManagedFields(obj: JsonObject, entries: readonly ManagedEntry[]): JsonObject {
  const encoded = encodeManagedFields(entries);
  const base = withoutManagedFields(obj);
  const meta = isObject(base["metadata"]) ? base["metadata"] : {};
  if (encoded.length === 0) return { ...base, metadata: meta };
  return { ...base, metadata: { ...meta, managedFields: encoded } };
}

function managedFieldsOf(obj: JsonObject | undefined): JsonValue | undefined {
  const meta = obj?.["metadata"];
  return isObject(meta) ? meta["managedFields"] : undefined;
}

// A request may set managedFields itself (non-empty and valid wins; [{}] resets them); otherwise,
// and always on subresources, the live object's entries are kept.
function entriesForWrite(oldObj: JsonObject | undefined, newObj: JsonObject, subresource: string | undefined): ManagedEntry[] {
  const live = (): ManagedEntry[] => decodeManagedFields(managedFieldsOf(oldObj)) ?? [];
  if (subresource) return live();
  const requested = managedFieldsOf(newObj);
  if (Array.isArray(requested) && requested.length === 1 && isObject(requested[0]) && Object.keys(requested[0]).length === 0) {
    return [];
  }
  const decoded = decodeManagedFields(requested);
  if (!decoded || decoded.length === 0) return live();
  return decoded;
}

/**
 * managedFields bookkeeping for a non-apply write. `oldObj` is the live object (undefined on create),
 * `newObj` the object about to be stored. Returns `newObj` with metadata.managedFields recomputed.
 */
export function updateManagedFields(oldObj: JsonObject | undefined, newObj: JsonObject, opts: UpdateOptions): JsonObject {
  const entries = entriesForWrite(oldObj, newObj, opts.subresource);
  const live = withoutManagedFields(oldObj ?? opts.schema.zero);
  const next = withoutManagedFields(newObj);
  const ignored = ignoredFields(opts.schema, opts.subresource);
  const cmp = filterComparison(compare(live, next, opts.schema.type), ignored);
  const changed = cmp.modified.union(cmp.added);
  let result = entries.map((e) => ({ ...e, set: e.set.difference(changed).difference(cmp.removed) })).filter((e) => !e.set.isEmpty());
  const mine = changed.difference(STRIPPED_FIELDS);
  if (!mine.isEmpty()) {
    const me: ManagedEntry = {
      manager: opts.manager,
      operation: "Update",
      apiVersion: opts.apiVersion,
      ...(opts.subresource ? { subresource: opts.subresource } : {}),
      time: opts.time,
      set: mine,
    };
    const id = entryId(me);
    const prev = result.find((e) => entryId(e) === id);
    result = prev ? result.map((e) => (e === prev ? { ...me, set: prev.set.union(mine) } : e)) : [...result, me];
  }
  return withManagedFields(next, capUpdateManagers(result));
}

/** Merges the oldest Update entries into "ancient-changes" buckets once there are more than the cap. */
export function capUpdateManagers(entries: readonly ManagedEntry[], max = MAX_UPDATE_MANAGERS): ManagedEntry[] {
  const updaters = entries.filter((e) => e.operation === "Update");
  if (updaters.length <= max) return [...entries];
  const byAge = [...updaters].sort((a, b) => seconds(a.time) - seconds(b.time) || (idJson(a) < idJson(b) ? -1 : 1));
  const out = new Map(entries.map((e) => [entryId(e), e] as const));
  const firstByVersion = new Map<string, string>();
  let length = updaters.length;
  for (const e of byAge) {
    if (length <= max) break;
    const bucket: Omit<ManagedEntry, "set"> = { manager: "ancient-changes", operation: "Update", apiVersion: e.apiVersion };
    const bucketId = entryId(bucket);
    const first = firstByVersion.get(e.apiVersion);
    if (first === undefined) {
      firstByVersion.set(e.apiVersion, entryId(e));
      continue;
    }
    if (!out.has(bucketId)) {
      const f = out.get(first)!;
      out.delete(first);
      out.set(bucketId, { ...bucket, ...(f.time !== undefined ? { time: f.time } : {}), set: f.set });
    }
    const b = out.get(bucketId)!;
    out.set(bucketId, { ...bucket, ...(e.time !== undefined ? { time: e.time } : {}), set: e.set.union(b.set) });
    out.delete(entryId(e));
    length--;
  }
  return [...out.values()];
}

// The server breaks age ties by its JSON manager identifier, which starts with the manager name.
function idJson(e: ManagedEntry): string {
  return JSON.stringify({ manager: e.manager, operation: e.operation, apiVersion: e.apiVersion, subresource: e.subresource });
}

const UTF8 = new TextEncoder();

/**
 * The field manager the server uses when the request names none: the user agent up to its first "/",
 * printable characters only, at most 128 bytes. With no user agent at all the transcripts show
 * "unknown", so that is what this returns for an empty result.
 */
export function managerFromUserAgent(userAgent: string | undefined): string {
  const prefix = (userAgent ?? "").split("/")[0] ?? "";
  let out = "";
  for (const ch of prefix) {
    if (!/\p{L}|\p{M}|\p{N}|\p{P}|\p{S}| /u.test(ch)) continue;
    if (UTF8.encode(out + ch).length > 128) break;
    out += ch;
  }
  return out === "" ? "unknown" : out;
}
