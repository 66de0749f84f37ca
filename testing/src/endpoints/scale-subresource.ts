// The scale subresource: an autoscaling/v1 Scale view of an object (replicas and selector read through
// the resource's scale paths) that can be read, replaced or patched; writes change only the replicas.
import { scaleManagedFields, type JsonObject } from "../patch/index.js";
import { fromLabelSelectorObject, formatLabelSelector } from "../selectors/label-selector.js";
import { decodeObject } from "./object-decode.js";
import { mediaType } from "./http-io.js";
import { applyPatchDocument } from "./patch-request.js";
import type { KubeObject, ResourceInfo } from "../registry/resource-info.js";
import type { ScaleSubresource as ScaleSpec } from "@kube-codegen/apiextensions";
import type { ServerState } from "../server-state.js";
import { conflict, notFound, OBJECT_MODIFIED, unsupportedMediaType } from "../status-errors.js";
import { clone, groupResource, objectKey, resourceKey, type WriteOptions } from "../registry/write-common.js";
import { updateObject } from "../registry/write-update.js";

const SCALE_INFO_BASE = { group: "autoscaling", version: "v1", kind: "Scale" };

function readPath(obj: Record<string, unknown>, path: string): unknown {
  let cur: unknown = obj;
  for (const p of path.replace(/^\./, "").split(".")) {
    if (!cur || typeof cur !== "object") return undefined;
    cur = (cur as Record<string, unknown>)[p];
  }
  return cur;
}

function writePath(obj: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.replace(/^\./, "").split(".");
  let cur = obj;
  for (const p of parts.slice(0, -1)) {
    if (!cur[p] || typeof cur[p] !== "object") cur[p] = {};
    cur = cur[p] as Record<string, unknown>;
  }
  cur[parts[parts.length - 1] ?? ""] = value;
}

function selectorText(v: unknown): string | undefined {
  if (typeof v === "string") return v;
  if (v && typeof v === "object") return formatLabelSelector(fromLabelSelectorObject(v));
  return undefined;
}

/** The Scale object for `obj`. */
export function scaleOf(scale: ScaleSpec, obj: KubeObject): Record<string, unknown> {
  const meta = obj.metadata;
  const metadata: Record<string, unknown> = { name: meta["name"] };
  if (meta["namespace"] !== undefined) metadata["namespace"] = meta["namespace"];
  for (const f of ["uid", "resourceVersion", "creationTimestamp"]) if (meta[f] !== undefined) metadata[f] = meta[f];
  const spec: Record<string, unknown> = {};
  const specReplicas = readPath(obj, scale.specReplicasPath);
  if (typeof specReplicas === "number" && specReplicas !== 0) spec["replicas"] = specReplicas;
  const statusReplicas = readPath(obj, scale.statusReplicasPath);
  const status: Record<string, unknown> = { replicas: typeof statusReplicas === "number" ? statusReplicas : 0 };
  const selector = scale.labelSelectorPath ? selectorText(readPath(obj, scale.labelSelectorPath)) : undefined;
  if (selector) status["selector"] = selector;
  return { apiVersion: "autoscaling/v1", kind: "Scale", metadata, spec, status };
}

function live(state: ServerState, info: ResourceInfo, namespace: string | undefined, name: string): KubeObject {
  const obj = state.store.get(resourceKey(info), objectKey(info, namespace, name));
  if (!obj) throw notFound(groupResource(info), name);
  return obj;
}

/** GET …/scale */
export function getScale(
  state: ServerState,
  info: ResourceInfo,
  scale: ScaleSpec,
  namespace: string | undefined,
  name: string,
): Record<string, unknown> {
  return scaleOf(scale, live(state, info, namespace, name));
}

/** PUT or PATCH …/scale: computes the new Scale, writes its replicas into the object, answers the new Scale. */
export async function writeScale(
  state: ServerState,
  info: ResourceInfo,
  scale: ScaleSpec,
  target: { namespace: string | undefined; name: string },
  method: "PUT" | "PATCH",
  contentType: string | undefined,
  body: string,
  opts: WriteOptions,
): Promise<Record<string, unknown>> {
  const current = live(state, info, target.namespace, target.name);
  const currentScale = scaleOf(scale, current);
  const scaleInfo: ResourceInfo = { ...info, ...SCALE_INFO_BASE, custom: false, resource: "scale", listKind: "ScaleList" };
  let next: Record<string, unknown>;
  if (method === "PUT") next = decodeObject(body, scaleInfo, "Scale", "autoscaling/v1");
  else {
    const type = mediaType(contentType);
    if (type.includes("apply-patch"))
      throw unsupportedMediaType(["application/json-patch+json", "application/merge-patch+json", "application/strategic-merge-patch+json"]);
    next = applyPatchDocument(scaleInfo, type, currentScale as JsonObject, body);
  }
  const nextMeta = (next["metadata"] ?? {}) as Record<string, unknown>;
  if (nextMeta["resourceVersion"] && nextMeta["resourceVersion"] !== current.metadata["resourceVersion"])
    throw conflict(groupResource(info), target.name, OBJECT_MODIFIED);
  const replicas = ((next["spec"] ?? {}) as Record<string, unknown>)["replicas"] ?? 0;
  const updated = clone(current);
  writePath(updated, scale.specReplicasPath, replicas);
  const result = await updateObject(
    state,
    info,
    updated,
    {
      namespace: target.namespace,
      name: target.name,
      fromPatch: true,
      managed: (_old, obj) => {
        const mf = (scaleManagedFields(obj as JsonObject, scale.specReplicasPath)["metadata"] as Record<string, unknown>)["managedFields"];
        if (mf === undefined) delete obj.metadata["managedFields"];
        else obj.metadata["managedFields"] = mf;
      },
    },
    opts,
  );
  return scaleOf(scale, result.object);
}
