// GET and LIST of a custom resource at a version other than its storage version, when its CRD converts
// by webhook: each object is converted afresh, one review per object, as the real server decodes it
// from storage; a failed conversion fails the read with the real server's storage error (a GET's 500,
// a LIST's 429 "storage is (re)initializing"), recorded in test/fixtures/apiserver-1.37/conversion.json.
import { ConversionFailure } from "../registry/conversion-views.js";
import { groupVersion, type ResourceInfo } from "../registry/resource-info.js";
import { objectKey } from "../registry/write-common.js";
import type { KubeObject } from "../registry/controller-client.js";
import { ApiError, internalError } from "../status-errors.js";

/** The storage error naming the object that could not be decoded, as the etcd3 store words it. */
function corrupt(info: ResourceInfo, obj: KubeObject, prefix: string, message: string): string {
  const ns = typeof obj.metadata["namespace"] === "string" ? obj.metadata["namespace"] : undefined;
  const key = `${prefix}/${info.strategy.keyRoot(info)}/${objectKey(info, ns, String(obj.metadata["name"] ?? ""))}`;
  const revision = String(obj.metadata["resourceVersion"] ?? "0");
  return `StorageError: corrupt object, Code: 7, Key: ${key}, ResourceVersion: 0, AdditionalErrorMsg: object not decodable revision=${revision}: ${message}`;
}

/**
 * `objects` (as stored) at the version `info` addresses, or undefined when no conversion is needed
 * (no webhook, or the storage version itself), so other reads stay synchronous.
 */
export function convertForRead(info: ResourceInfo, objects: readonly KubeObject[], list: boolean): Promise<KubeObject[]> | undefined {
  const conversion = info.conversion;
  if (!conversion || info.version === conversion.storageVersion) return undefined;
  const apiVersion = groupVersion(info);
  return (async () => {
    const out: KubeObject[] = [];
    const failures: [KubeObject, string][] = [];
    for (const o of objects) {
      if (o["apiVersion"] === apiVersion) {
        out.push(o);
        continue;
      }
      try {
        out.push(...((await conversion.convert([o], info.version)) as KubeObject[]));
      } catch (e) {
        if (!(e instanceof ConversionFailure)) throw e;
        if (!list) throw internalError(corrupt(info, o, "", e.message));
        failures.push([o, e.message]);
      }
    }
    const [first, ...rest] = failures;
    if (first) {
      const more = rest.length > 0 ? ` (and ${rest.length} more)` : "";
      const resource = info.group ? `${info.resource}.${info.group}` : info.resource;
      throw new ApiError(
        429,
        "TooManyRequests",
        `storage is (re)initializing: failed to list <unspecified>: failed to read one or more ${resource} from the storage: ${corrupt(info, first[0], "/registry", first[1])}${more}`,
        { retryAfterSeconds: 1 },
      );
    }
    return out;
  })();
}
