// Streaming lists (watch-list, KEP-3157), as kube-apiserver 1.37 serves them: a watch with
// sendInitialEvents=true and resourceVersionMatch=NotOlderThan sends the current state as ADDED events,
// then (with allowWatchBookmarks=true) a BOOKMARK annotated k8s.io/initial-events-end at the list's
// resourceVersion, then changes. Also 1.37's ListOptions validation of these parameters, checked against
// test/fixtures/apiserver-1.37/watch-list.json. A server emulating 1.24 knows none of this: there
// sendInitialEvents is ignored and resourceVersionMatch on a watch is 422, so clients fall back to lists.
import type { ResourceInfo } from "../registry/resource-info.js";
import { groupVersion } from "../registry/resource-info.js";
import type { ServerState } from "../server-state.js";
import { ApiError, type StatusCause } from "../status-errors.js";
import { checkNotTooLarge } from "./list-query.js";
import { queryBool } from "./query-params.js";

/** The annotation the watch cache puts on the bookmark that ends a streaming list's initial events. */
const INITIAL_EVENTS_END = "k8s.io/initial-events-end";

/** What a 1.37 watch request asks of a streaming list; undefined when it does not name sendInitialEvents. */
export interface StreamingList {
  /** sendInitialEvents=true: the current state first, whatever resourceVersion says (only its lower bound). */
  sendInitialEvents: boolean;
  /** allowWatchBookmarks=true: only then is the initial-events-end bookmark sent (no bookmark, no error). */
  bookmarks: boolean;
}

/** The streaming-list parameters of a watch, or undefined for a plain watch or a server emulating 1.24. */
export function streamingList(state: ServerState, query: URLSearchParams): StreamingList | undefined {
  if (state.settings.emulate === "1.24") return undefined;
  const send = queryBool(query, "sendInitialEvents");
  if (send === undefined) return undefined;
  return { sendInitialEvents: send, bookmarks: queryBool(query, "allowWatchBookmarks") === true };
}

/** The BOOKMARK that tells a client the initial events are complete, at the list's resourceVersion. */
export function initialEventsEnd(info: ResourceInfo, rv: number): { type: "BOOKMARK"; object: Record<string, unknown> } {
  return {
    type: "BOOKMARK",
    object: {
      kind: info.kind,
      apiVersion: groupVersion(info),
      metadata: { resourceVersion: String(rv), annotations: { [INITIAL_EVENTS_END]: "true" } },
    },
  };
}

/** The Status of the 504 a streaming list from a resourceVersion the server has not reached ends with. */
export function tooLargeStatus(state: ServerState, rv: number): Record<string, unknown> {
  try {
    checkNotTooLarge(state, rv);
  } catch (e) {
    if (e instanceof ApiError) return e.toStatus();
    throw e;
  }
  throw new Error(`resourceVersion ${rv} is not too large`);
}

function forbidden(field: string, why: string): StatusCause {
  return { reason: "FieldValueForbidden", message: `Forbidden: ${why}`, field };
}

/**
 * 1.37's ValidateListOptions for a watch (apimachinery's internalversion/validation, with the WatchList
 * feature on, as it is by default since 1.34): resourceVersionMatch needs sendInitialEvents and may only
 * be NotOlderThan, and sendInitialEvents needs NotOlderThan. 1.24 instead forbade resourceVersionMatch
 * on every watch.
 */
export function watchOptionCauses(query: URLSearchParams): StatusCause[] {
  const match = query.get("resourceVersionMatch") ?? "";
  const send = query.has("sendInitialEvents");
  const causes: StatusCause[] = [];
  if (send && match !== "NotOlderThan")
    causes.push(forbidden("resourceVersionMatch", "sendInitialEvents requires setting resourceVersionMatch to NotOlderThan"));
  if (match) {
    if (!send)
      causes.push(forbidden("resourceVersionMatch", "resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided"));
    if (match !== "NotOlderThan")
      causes.push({
        reason: "FieldValueNotSupported",
        message: `Unsupported value: "${match}": supported values: "NotOlderThan"`,
        field: "resourceVersionMatch",
      });
    if (query.get("continue"))
      causes.push(forbidden("resourceVersionMatch", "resourceVersionMatch is forbidden when continue is provided"));
  }
  return causes;
}

/** 1.37's extra rule for a list (after the older ones): sendInitialEvents, even false, is for watches only. */
export function listOptionCauses(query: URLSearchParams): StatusCause[] {
  return query.has("sendInitialEvents") ? [forbidden("sendInitialEvents", "sendInitialEvents is forbidden for list")] : [];
}
