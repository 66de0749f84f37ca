// The typed events of a watch, and the one place a decoded line becomes one: ERROR events become a
// thrown ApiError built from their Status (so a 410 in the stream reads as isGone), and anything
// that is not an event is a decode error rather than an event of an unknown type.
import { ApiError } from "../core/api-error.js";
import type { RequestSummary } from "../core/api-error.js";
import { isStatus } from "../core/status.js";
import type { Status } from "../core/status.js";
import { NdjsonDecodeError } from "./ndjson-decoder.js";

/** The event types a watch delivers to its consumer (ERROR is thrown, never delivered). */
export type WatchEventType = "ADDED" | "MODIFIED" | "DELETED" | "BOOKMARK";

/** One change. A BOOKMARK's object carries only apiVersion, kind and metadata.resourceVersion. */
export interface WatchEvent<T> {
  type: WatchEventType;
  object: T;
}

const TYPES: ReadonlySet<string> = new Set(["ADDED", "MODIFIED", "DELETED", "BOOKMARK"]);

/** The event `value` is, or throws: ApiError for ERROR, NdjsonDecodeError for a malformed line. */
export function toWatchEvent<T>(value: unknown, request?: RequestSummary): WatchEvent<T> {
  if (typeof value !== "object" || value === null) throw new NdjsonDecodeError("watch event is not a JSON object");
  const { type, object } = value as { type?: unknown; object?: unknown };
  if (type === "ERROR") {
    const status: Status = isStatus(object)
      ? { ...object }
      : {
          kind: "Status",
          apiVersion: "v1",
          status: "Failure",
          reason: "InternalError",
          code: 500,
          message: "the watch sent an ERROR event without a Status",
        };
    throw new ApiError(status, request);
  }
  if (typeof type !== "string" || !TYPES.has(type)) throw new NdjsonDecodeError(`unknown watch event type ${JSON.stringify(type)}`);
  if (typeof object !== "object" || object === null) throw new NdjsonDecodeError(`watch ${type} event has no object`);
  // The parsed line is the event (no copy per event on the hot path).
  return value as WatchEvent<T>;
}
