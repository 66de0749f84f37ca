// The options of each verb, named as metav1's ListOptions, GetOptions, CreateOptions, UpdateOptions,
// PatchOptions, DeleteOptions and WatchOptions name their fields, and their translation into the
// query string (and, for deletes, the DeleteOptions body client-go sends).
import type { QueryValue } from "../rest/transport.js";
import { fieldSelectorString } from "./field-selector.js";
import type { FieldSelectorInput } from "./field-selector.js";
import { labelSelectorString } from "./label-selector.js";
import type { LabelSelectorInput } from "./label-selector.js";

/** What every request accepts. */
export interface RequestOptions {
  /** Aborts the request (for watch: ends the iterator). */
  signal?: AbortSignal;
}

/** GET of one object. */
export interface GetOptions extends RequestOptions {
  resourceVersion?: string;
}

/** Which objects a list, watch or deleteCollection selects. */
export interface SelectorOptions {
  labelSelector?: LabelSelectorInput;
  fieldSelector?: FieldSelectorInput;
}

/** LIST. */
export interface ListOptions extends RequestOptions, SelectorOptions {
  limit?: number;
  continue?: string;
  resourceVersion?: string;
  resourceVersionMatch?: "NotOlderThan" | "Exact";
  timeoutSeconds?: number;
}

/** WATCH. */
export interface WatchOptions extends RequestOptions, SelectorOptions {
  resourceVersion?: string;
  resourceVersionMatch?: "NotOlderThan";
  allowWatchBookmarks?: boolean;
  /**
   * A streaming list: the collection's state as ADDED events first, then a BOOKMARK annotated
   * k8s.io/initial-events-end (with allowWatchBookmarks and resourceVersionMatch "NotOlderThan").
   */
  sendInitialEvents?: boolean;
  timeoutSeconds?: number;
}

/** How the server checks fields it does not know. */
export type FieldValidation = "Ignore" | "Warn" | "Strict";

/** CREATE and UPDATE. */
export interface WriteOptions extends RequestOptions {
  dryRun?: "All";
  fieldManager?: string;
  fieldValidation?: FieldValidation;
}

/** PATCH (not apply). */
export interface PatchOptions extends WriteOptions {
  /** A subresource to patch, e.g. "status" or "scale". */
  subresource?: string;
}

/** Server-side apply: the field manager is required, `force` takes fields other managers own. */
export interface ApplyOptions extends RequestOptions {
  fieldManager: string;
  force?: boolean;
  dryRun?: "All";
  fieldValidation?: FieldValidation;
}

/** metav1.Preconditions: the delete fails with 409 Conflict unless these match. */
export interface Preconditions {
  uid?: string;
  resourceVersion?: string;
}

/** DELETE. */
export interface DeleteOptions extends RequestOptions {
  propagationPolicy?: "Orphan" | "Background" | "Foreground";
  gracePeriodSeconds?: number;
  preconditions?: Preconditions;
  dryRun?: "All";
}

type Query = Record<string, QueryValue>;

function selectorQuery(o: SelectorOptions, q: Query): void {
  if (o.labelSelector !== undefined) q["labelSelector"] = labelSelectorString(o.labelSelector) || undefined;
  if (o.fieldSelector !== undefined) q["fieldSelector"] = fieldSelectorString(o.fieldSelector) || undefined;
}

/** Query of a LIST (and of deleteCollection's selection). */
export function listQuery(o: ListOptions = {}): Query {
  const q: Query = {
    limit: o.limit,
    continue: o.continue,
    resourceVersion: o.resourceVersion,
    resourceVersionMatch: o.resourceVersionMatch,
    timeoutSeconds: o.timeoutSeconds,
  };
  selectorQuery(o, q);
  return q;
}

/** Query of a WATCH. */
export function watchQuery(o: WatchOptions = {}): Query {
  const q: Query = {
    watch: "true",
    resourceVersion: o.resourceVersion,
    resourceVersionMatch: o.resourceVersionMatch,
    allowWatchBookmarks: o.allowWatchBookmarks,
    sendInitialEvents: o.sendInitialEvents,
    timeoutSeconds: o.timeoutSeconds,
  };
  selectorQuery(o, q);
  return q;
}

/** Query of CREATE, UPDATE and PATCH. */
export function writeQuery(o: WriteOptions = {}): Query {
  return { dryRun: o.dryRun, fieldManager: o.fieldManager, fieldValidation: o.fieldValidation };
}

/** Query of an apply; throws when the field manager is missing. */
export function applyQuery(o: ApplyOptions): Query {
  if (typeof o?.fieldManager !== "string" || o.fieldManager === "") throw new Error("server-side apply needs a fieldManager");
  return { fieldManager: o.fieldManager, force: o.force, dryRun: o.dryRun, fieldValidation: o.fieldValidation };
}

/** The metav1.DeleteOptions body (preconditions travel only in a body). */
export function deleteBody(o: DeleteOptions = {}): Record<string, unknown> {
  const body: Record<string, unknown> = { kind: "DeleteOptions", apiVersion: "v1" };
  if (o.propagationPolicy !== undefined) body["propagationPolicy"] = o.propagationPolicy;
  if (o.gracePeriodSeconds !== undefined) body["gracePeriodSeconds"] = o.gracePeriodSeconds;
  if (o.preconditions !== undefined) body["preconditions"] = o.preconditions;
  if (o.dryRun !== undefined) body["dryRun"] = [o.dryRun];
  return body;
}
