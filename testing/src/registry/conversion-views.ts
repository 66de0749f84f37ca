// The versions of a stored custom resource whose CRD converts by webhook, computed when the object is
// written. Reads a client makes (GET, LIST) convert afresh through the webhook, as the real server
// does; what the server reads synchronously (watch events, the old object of an update or patch, a
// delete's answer) uses these views instead of calling the webhook from code that cannot wait. They
// ride on the stored object under a symbol: JSON never sees them, the store's spread keeps them, and
// a deep copy (a new object to store) drops them, so a view never outlives the body it was made from.
import { ApiError } from "../status-errors.js";
import type { KubeObject } from "../storage/store.js";
import type { ResourceInfo } from "./resource-info.js";

const VIEWS = Symbol("versions");

type WithViews = KubeObject & { [VIEWS]?: Readonly<Record<string, KubeObject>> };

/** Attaches `views` (version → object) to `obj`, the object about to be stored. */
export function attachViews(obj: KubeObject, views: Readonly<Record<string, KubeObject>>): void {
  (obj as WithViews)[VIEWS] = views;
}

/** `obj` at `version`, from the views made when it was written; undefined when there is none. */
export function viewAt(obj: KubeObject, version: string): KubeObject | undefined {
  return (obj as WithViews)[VIEWS]?.[version];
}

/** Carries the views of `from` over to `to`, a copy whose body (all but metadata) is unchanged. */
export function carryViews(from: KubeObject, to: KubeObject): void {
  const v = (from as WithViews)[VIEWS];
  if (v) (to as WithViews)[VIEWS] = v;
}

/** A conversion that failed; the message is the real server's ("conversion webhook for … failed: …"). */
export class ConversionFailure extends Error {}

/**
 * The object to store for `wire` (at the version the request addressed): converted to the storage
 * version, with every served version's view attached. A failed conversion to the storage version fails
 * the write as the real server answers it (500, no reason); one to another version only leaves that
 * view out. Undefined when the resource does not convert by webhook, so other writes stay synchronous.
 */
export function storageForm(info: ResourceInfo, wire: KubeObject): Promise<KubeObject> | undefined {
  const conversion = info.conversion;
  if (!conversion) return undefined;
  return (async () => {
    const views: Record<string, KubeObject> = { [info.version]: wire };
    let stored = wire;
    if (info.version !== conversion.storageVersion) {
      try {
        stored = (await conversion.convert([wire], conversion.storageVersion))[0] as KubeObject;
      } catch (e) {
        if (e instanceof ConversionFailure) throw new ApiError(500, "", e.message);
        throw e;
      }
      views[conversion.storageVersion] = stored;
    }
    for (const v of conversion.versions) {
      if (views[v]) continue;
      try {
        views[v] = (await conversion.convert([stored], v))[0] as KubeObject;
      } catch (e) {
        if (!(e instanceof ConversionFailure)) throw e;
      }
    }
    stored = { ...stored };
    attachViews(stored, views);
    return stored;
  })();
}
