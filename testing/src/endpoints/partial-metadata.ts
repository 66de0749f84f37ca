// `Accept: …;as=PartialObjectMetadata;g=meta.k8s.io;v=v1` (client-go's metadata client, and so
// controller-runtime's metadata-only watches): the object reduced to its metadata, a list to a
// PartialObjectMetadataList, each watch event's object (bookmarks included) to its metadata. In
// protobuf when that entry of the Accept names protobuf and the resource is a built-in (a custom
// resource goes on to the next entry, as the real server's negotiation skips what it cannot write),
// JSON otherwise. Asking for the list form of one object, or the object form of a list, is the real
// server's 406.
import { ApiError } from "../status-errors.js";
import type { ResourceInfo } from "../registry/resource-info.js";
import { parseAccept, PROTOBUF } from "./protobuf/negotiate.js";

export type PartialKind = "PartialObjectMetadata" | "PartialObjectMetadataList";

/** What a request asked to receive as metadata only, and in which encoding. */
export interface PartialTarget {
  as: PartialKind;
  protobuf: boolean;
}

const META_V1 = "meta.k8s.io/v1";

/**
 * The PartialObjectMetadata form the Accept header's best entry the server can write asks for, or
 * undefined when that entry is a plain media type (or a Table, which table-output.ts answers).
 */
export function partialMetadataTarget(accept: string | undefined, custom: boolean): PartialTarget | undefined {
  if (accept === undefined) return undefined;
  for (const e of parseAccept(accept)) {
    const json = e.type === "application/json" || e.type === "application/yaml";
    const writable = json || e.type === "*/*" || e.type === "application/*" || (e.type === PROTOBUF && !custom);
    if (!writable) continue;
    const as = e.params["as"];
    if (as === undefined) return undefined;
    if ((as === "PartialObjectMetadata" || as === "PartialObjectMetadataList") && e.params["g"] === "meta.k8s.io" && e.params["v"] === "v1")
      return { as, protobuf: e.type === PROTOBUF };
    // Any other `as` (a Table, or a form the server does not know) is not this module's to answer.
    if (as !== "PartialObjectMetadata" && as !== "PartialObjectMetadataList") return undefined;
  }
  return undefined;
}

/** The Go type the real server names in its 406: the internal type of a built-in, unstructured for a CR. */
function goTypeName(info: ResourceInfo, list: boolean): string {
  if (info.custom) return list ? "*unstructured.UnstructuredList" : "*unstructured.Unstructured";
  // Internal types live in a package named after the group's first label; events.k8s.io's Event is core's.
  const pkg = info.group === "" || info.group === "events.k8s.io" ? "core" : (info.group.split(".")[0] ?? info.group);
  return `*${pkg}.${info.kind}${list ? "List" : ""}`;
}

/** The 406 for a list asked for as one object's metadata, or one object as a list's. */
export function partialMismatch(info: ResourceInfo, target: PartialTarget, isList: boolean): ApiError | undefined {
  if ((target.as === "PartialObjectMetadataList") === isList) return undefined;
  const message = isList
    ? `you requested PartialObjectMetadata, but the requested object is a list (${goTypeName(info, true)})`
    : `you requested PartialObjectMetadataList, but the requested object is not a list (${goTypeName(info, false)})`;
  return new ApiError(406, "NotAcceptable", message);
}

/** An object reduced to its metadata. */
export function partialObject(obj: { metadata?: unknown }): Record<string, unknown> {
  return { kind: "PartialObjectMetadata", apiVersion: META_V1, metadata: obj.metadata ?? {} };
}

/** A list body (listBody's) reduced to its items' metadata; no items is Go's nil slice, null. */
export function partialList(body: Record<string, unknown>): Record<string, unknown> {
  const items = Array.isArray(body["items"]) ? (body["items"] as { metadata?: unknown }[]) : [];
  return {
    kind: "PartialObjectMetadataList",
    apiVersion: META_V1,
    metadata: body["metadata"] ?? {},
    items: items.length > 0 ? items.map(partialObject) : null,
  };
}

/** A bookmark's object as a metadata watch carries it: only the resourceVersion and annotations. */
export function partialBookmark(obj: Record<string, unknown>): Record<string, unknown> {
  const meta = (obj["metadata"] ?? {}) as Record<string, unknown>;
  const metadata: Record<string, unknown> = { resourceVersion: meta["resourceVersion"] };
  if (meta["annotations"] !== undefined) metadata["annotations"] = meta["annotations"];
  return { kind: "PartialObjectMetadata", apiVersion: META_V1, metadata };
}
