// CEL and RE2 for CRD writes: the CRD checks and the schema compilation (crd-controller.ts,
// crd-resources.ts) are synchronous and use @kube-codegen/apiextensions/on-demand, which loads CEL
// (for x-kubernetes-validations) and RE2 (for patterns) only when asked, so that a server whose CRDs
// need neither never imports them (issue 26). The server's start and the handler of every CRD write
// ask here first; a write that only keeps what a stored CRD already has found them loaded when that
// CRD was admitted.
import { prepareFor } from "@kube-codegen/apiextensions/on-demand";
import type { ResourceInfo } from "../registry/resource-info.js";

/** What a CRD write's body (JSON text: an object, a merge or JSON patch, an apply) needs loaded; undefined when nothing. */
export function prepareForWrite(info: ResourceInfo, body: string): Promise<void> | undefined {
  if (info.group !== "apiextensions.k8s.io" || info.resource !== "customresourcedefinitions") return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined; // not JSON: the write fails to decode before any check runs
  }
  return prepareFor(parsed);
}

/** What the objects given at start (CRDs, or anything) need loaded. */
export async function prepareForSeeds(objects: readonly unknown[]): Promise<void> {
  await prepareFor(objects);
}
