// managedFields bookkeeping for non-apply writes (operation Update), delegated to the patch library's
// field-ownership code; this file only adapts the server's objects to it.
import { updateManagedFields, type JsonObject } from "../patch/index.js";
import { patchSchemaFor } from "./patch-schema.js";
import { groupVersion, type ResourceInfo } from "./resource-info.js";
import type { KubeObject } from "../storage/store.js";

/** Records `manager`'s Update of `next` (compared with `old`) in next.metadata.managedFields, in place. */
export function trackUpdate(
  info: ResourceInfo,
  old: KubeObject | undefined,
  next: KubeObject,
  manager: string,
  subresource: string | undefined,
  now: string,
): void {
  const result = updateManagedFields(old as JsonObject | undefined, next as JsonObject, {
    manager,
    apiVersion: groupVersion(info),
    ...(subresource ? { subresource } : {}),
    time: now,
    schema: patchSchemaFor(info),
  });
  const meta = result["metadata"] as Record<string, unknown> | undefined;
  if (meta?.["managedFields"] === undefined) delete next.metadata["managedFields"];
  else next.metadata["managedFields"] = meta["managedFields"];
}
