// CEL for CRD writes: the CRD checks and the schema compilation (crd-controller.ts, crd-resources.ts)
// are synchronous and use @kube-codegen/apiextensions/on-demand, which loads CEL only when asked, so
// that a server whose CRDs have no rules never imports it (issue 26). The server's start and the
// handler of every write ask here first.
import { celLoaded, loadCel, mentionsCel } from "@kube-codegen/apiextensions/on-demand";
import type { ResourceInfo } from "../registry/resource-info.js";

/**
 * Loads CEL, once, when a write to `info` may carry CEL rules: a CRD write whose body (as JSON text:
 * an object, a merge patch, a JSON patch, an apply) names x-kubernetes-validations anywhere. The CRD
 * checks and schema compilation (crd-controller.ts, crd-resources.ts) are synchronous and find CEL loaded (the
 * @kube-codegen/apiextensions/on-demand entry); a write that only keeps rules a stored CRD already
 * has found CEL loaded when that CRD was admitted. Returns undefined when nothing need be awaited.
 */
export function prepareCelForWrite(info: ResourceInfo, body: string): Promise<void> | undefined {
  if (celLoaded() || info.group !== "apiextensions.k8s.io" || info.resource !== "customresourcedefinitions") return undefined;
  let text: string;
  try {
    // Parsed and written again, so that an escaped spelling of the key is found too.
    text = JSON.stringify(JSON.parse(body));
  } catch {
    return undefined; // not JSON: the write fails to decode before any check runs
  }
  return text.includes("x-kubernetes-validations") ? loadCel() : undefined;
}

/** Loads CEL, once, when objects given at start (CRDs, or anything) have x-kubernetes-validations. */
export async function prepareCelForSeeds(objects: readonly unknown[]): Promise<void> {
  if (!celLoaded() && objects.some(mentionsCel)) await loadCel();
}
