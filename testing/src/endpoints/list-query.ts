// LIST: selectors, resourceVersion / resourceVersionMatch semantics, and limit/continue pagination over a
// consistent snapshot, answering 410 for compacted resourceVersions as the real server does.
import { decodeContinue, encodeContinue, encodeContinueFrom } from "../storage/continue-token.js";
import { matchesFields, parseFieldSelector, type FieldSelector } from "../selectors/field-selector.js";
import { matchesLabels, parseLabelSelector, type LabelSelector } from "../selectors/label-selector.js";
import { groupVersion, type ResourceInfo } from "../registry/resource-info.js";
import type { ServerState } from "../server-state.js";
import { ApiError, badRequest, expired, invalid, type StatusCause } from "../status-errors.js";
import { CompactedError, type KubeObject } from "../storage/store.js";
import { queryInt } from "./query-params.js";
import { resourceKey, toWire } from "../registry/write-common.js";
import { listOptionCauses, watchOptionCauses } from "./watch-list.js";

/** Parsed selectors of a list or watch request. */
export interface Selectors {
  labels: LabelSelector;
  fields: FieldSelector;
}

/** Core kinds whose field label conversion allows only metadata fields and names the kind in its error. */
const OBJECT_META_ONLY_CORE_KINDS = new Set([
  "ConfigMap",
  "Endpoints",
  "ResourceQuota",
  "PersistentVolumeClaim",
  "Service",
  "ServiceAccount",
]);
/** Core kinds with their own field label conversion (extra fields), which words the error tersely. */
const OWN_CONVERSION_CORE_KINDS = new Set(["Pod", "Event", "Namespace", "Secret", "Node", "ReplicationController", "PersistentVolume"]);

/**
 * The 400 message for a field the resource cannot select on. The wording is the field label conversion
 * function's: custom resources and core kinds with their own conversion say "field label not supported",
 * the metadata-only core kinds name the kind, and everything else falls back to the scheme's default.
 */
function unsupportedFieldMessage(info: ResourceInfo, field: string): string {
  if (info.custom || info.group === "events.k8s.io" || (info.group === "" && OWN_CONVERSION_CORE_KINDS.has(info.kind)))
    return `field label not supported: ${field}`;
  if (info.group === "" && OBJECT_META_ONLY_CORE_KINDS.has(info.kind))
    return `field label ${JSON.stringify(field)} not supported for ${JSON.stringify(info.kind)}`;
  return `${JSON.stringify(field)} is not a known field selector: only "metadata.name", "metadata.namespace"`;
}

/** Reads labelSelector and fieldSelector, checking field names against what the resource supports. */
export function parseSelectors(info: ResourceInfo, query: URLSearchParams): Selectors {
  const supported = ["metadata.name", ...(info.namespaced ? ["metadata.namespace"] : []), ...info.extraFieldSelectors];
  return {
    labels: parseLabelSelector(query.get("labelSelector") ?? ""),
    fields: parseFieldSelector(query.get("fieldSelector") ?? "", supported, (field) => unsupportedFieldMessage(info, field)).map((r) =>
      // Matched against stored objects: in a shared storage, by the stored shape's field names.
      info.sharedStorage ? { ...r, field: info.sharedStorage.storageField(r.field) } : r,
    ),
  };
}

function matches(sel: Selectors, obj: KubeObject): boolean {
  if (sel.labels.length > 0 && !matchesLabels(sel.labels, obj.metadata["labels"] as Record<string, string> | undefined)) return false;
  return sel.fields.length === 0 || matchesFields(sel.fields, obj);
}

/** A page of objects and what the list's metadata should say. */
export interface ListPage {
  items: KubeObject[];
  rv: number;
  continueToken?: string;
  remaining?: number;
}

function relativeKey(info: ResourceInfo, obj: KubeObject, namespace: string | undefined): string {
  const name = String(obj.metadata["name"] ?? "");
  if (!info.namespaced || namespace !== undefined) return name;
  return `${String(obj.metadata["namespace"] ?? "")}/${name}`;
}

/**
 * The server's ValidateListOptions, run on list, watch and deletecollection before anything else: a
 * misused resourceVersionMatch is 422 Invalid on "ListOptions.meta.k8s.io", not a 400. A watch's rules
 * changed with streaming lists (watch-list.ts); `emulate` picks 1.37's or 1.24's.
 */
export function validateListOptions(query: URLSearchParams, watch: boolean, emulate: "1.37" | "1.24"): void {
  // Decoding comes first: malformed integers are the codec's 400 before any validation.
  queryInt(query, "limit");
  queryInt(query, "timeoutSeconds");
  const causes: StatusCause[] = [];
  if (watch && emulate === "1.37") causes.push(...watchOptionCauses(query));
  else causes.push(...listMatchCauses(query, watch));
  if (!watch && emulate === "1.37") causes.push(...listOptionCauses(query));
  if (causes.length > 0) throw invalid("ListOptions.meta.k8s.io", { group: "meta.k8s.io", kind: "ListOptions" }, "", causes);
}

/** resourceVersionMatch's rules on a list (and, on 1.24, on a watch, where it is always forbidden). */
function listMatchCauses(query: URLSearchParams, watch: boolean): StatusCause[] {
  const match = query.get("resourceVersionMatch") ?? "";
  if (!match) return [];
  const causes: StatusCause[] = [];
  const forbidden = (why: string): void => {
    causes.push({ reason: "FieldValueForbidden", message: `Forbidden: ${why}`, field: "resourceVersionMatch" });
  };
  if (watch) forbidden("resourceVersionMatch is forbidden for watch");
  if (!query.get("resourceVersion")) forbidden("resourceVersionMatch is forbidden unless resourceVersion is provided");
  if (query.get("continue")) forbidden("resourceVersionMatch is forbidden when continue is provided");
  if (match !== "Exact" && match !== "NotOlderThan")
    causes.push({
      reason: "FieldValueNotSupported",
      message: `Unsupported value: "${match}": supported values: "Exact", "NotOlderThan", ""`,
      field: "resourceVersionMatch",
    });
  if (match === "Exact" && query.get("resourceVersion") === "0")
    forbidden(`resourceVersionMatch "exact" is forbidden for resourceVersion "0"`);
  return causes;
}

/**
 * A resourceVersion the server has not reached: the watch cache waits for it a few seconds, then gives
 * up with 504 and the ResourceVersionTooLarge cause (answered at once here, since nothing is in flight).
 */
export function checkNotTooLarge(state: ServerState, rv: number): void {
  if (rv > state.store.revision)
    throw new ApiError(504, "Timeout", `Timeout: Too large resource version: ${rv}, current: ${state.store.revision}`, {
      causes: [{ reason: "ResourceVersionTooLarge", message: `Too large resource version` }],
      retryAfterSeconds: 1,
    });
}

function snapshotRevision(state: ServerState, query: URLSearchParams, limit: number): { rv: number; exact: boolean; cache: boolean } {
  const rvText = query.get("resourceVersion") ?? "";
  const match = query.get("resourceVersionMatch") ?? "";
  if (!rvText) return { rv: state.store.revision, exact: false, cache: false };
  if (!/^\d+$/.test(rvText)) throw badRequest(`invalid resource version: ${rvText}`);
  const rv = Number(rvText);
  if (rv === 0) return { rv: state.store.revision, exact: false, cache: true };
  checkNotTooLarge(state, rv);
  // A paged list with a bare resourceVersion (no match) reads etcd at exactly that revision, as the
  // real storage's "legacy case" does; only an unpaged one is served "not older than" from the cache.
  if (match === "Exact" || (match === "" && limit > 0)) return { rv, exact: true, cache: false };
  return { rv: state.store.revision, exact: false, cache: false };
}

/** Runs a list request against the store. */
export function listObjects(state: ServerState, info: ResourceInfo, namespace: string | undefined, query: URLSearchParams): ListPage {
  validateListOptions(query, false, state.settings.emulate);
  const sel = parseSelectors(info, query);
  const cont = query.get("continue") ?? "";
  let limit = Math.max(0, queryInt(query, "limit") ?? 0);
  let rv: number;
  let start = "";
  if (cont) {
    const token = decodeContinue(cont);
    const rvText = query.get("resourceVersion") ?? "";
    if (rvText && rvText !== "0") throw badRequest("specifying resource version is not allowed when using continue");
    // A token from an expired-continue answer carries rv -1: carry on at the latest state.
    rv = token.rv > 0 ? token.rv : state.store.revision;
    start = token.start;
  } else {
    const snap = snapshotRevision(state, query, limit);
    rv = snap.rv;
    if (snap.cache) limit = 0;
    if (snap.exact && rv < state.store.compactedRevision) throw expired("The resourceVersion for the provided list is too old.");
  }
  const prefix = info.namespaced && namespace !== undefined ? `${namespace}/` : undefined;
  let all: KubeObject[];
  try {
    all = state.store.listAt(resourceKey(info), rv, prefix);
  } catch (e) {
    if (!(e instanceof CompactedError)) throw e;
    throw cont
      ? expired(
          "The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.",
          // The answer offers a token that resumes from the same key at the latest state, as the server's does.
          encodeContinueFrom(-1, start),
        )
      : expired("The resourceVersion for the provided list is too old.");
  }
  const unfiltered = sel.labels.length === 0 && sel.fields.length === 0;
  const items: KubeObject[] = [];
  let i = 0;
  for (; i < all.length; i++) {
    const obj = all[i] as KubeObject;
    if (start && relativeKey(info, obj, namespace) < start) continue;
    if (!matches(sel, obj)) continue;
    if (limit > 0 && items.length === limit) break;
    items.push(obj);
  }
  const page: ListPage = { items, rv };
  if (limit > 0 && i < all.length) {
    const rest = all.slice(i).filter((o) => matches(sel, o));
    if (rest.length > 0) {
      const last = items[items.length - 1];
      if (last) page.continueToken = encodeContinue(rv, relativeKey(info, last, namespace));
      if (unfiltered) page.remaining = rest.length;
    }
  }
  return page;
}

/** The List object for a page: CR lists keep each item's apiVersion/kind and an empty continue; built-ins omit them. */
export function listBody(info: ResourceInfo, page: ListPage): Record<string, unknown> {
  const metadata: Record<string, unknown> = { resourceVersion: String(page.rv) };
  if (page.continueToken) metadata["continue"] = page.continueToken;
  else if (info.custom) metadata["continue"] = "";
  if (page.remaining !== undefined) metadata["remainingItemCount"] = page.remaining;
  const items = page.items.map((o) => {
    const w = toWire(info, o);
    if (info.custom) return w;
    const { apiVersion: _a, kind: _k, ...rest } = w;
    return rest;
  });
  return { apiVersion: groupVersion(info), items, kind: info.listKind, metadata };
}
