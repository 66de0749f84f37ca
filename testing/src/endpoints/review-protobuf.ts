// A protobuf review body: kubectl's typed clients (auth can-i) send a
// SelfSubjectAccessReview as application/vnd.kubernetes.protobuf, the "k8s\0" envelope around a
// runtime.Unknown (protobuf-envelope.ts). Only the review's spec attributes are decoded into the JSON shape.

import { fields, unwrapUnknown } from "./protobuf-envelope.js";

function strings(buf: Buffer, names: Record<number, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields(buf)) {
    const name = names[f.no];
    if (name && f.bytes && f.bytes.length > 0) out[name] = f.bytes.toString("utf8");
  }
  return out;
}

const RESOURCE_ATTRIBUTES = { 1: "namespace", 2: "verb", 3: "group", 4: "version", 5: "resource", 6: "subresource", 7: "name" };
const NON_RESOURCE_ATTRIBUTES = { 1: "path", 2: "verb" };

/** Decodes a protobuf SelfSubjectAccessReview body to its JSON form, or undefined if it is not one. */
export function decodeReviewProtobuf(body: Buffer): Record<string, unknown> | undefined {
  const unknown = unwrapUnknown(body);
  if (!unknown) return undefined;
  // An unset (empty) apiVersion or kind is left out, as the JSON form would leave it.
  const tm = { ...(unknown.apiVersion ? { apiVersion: unknown.apiVersion } : {}), ...(unknown.kind ? { kind: unknown.kind } : {}) };
  const spec: Record<string, unknown> = {};
  for (const f of fields(unknown.raw)) {
    if (f.no !== 2 || !f.bytes) continue;
    for (const a of fields(f.bytes)) {
      if (a.no === 1 && a.bytes) spec["resourceAttributes"] = strings(a.bytes, RESOURCE_ATTRIBUTES);
      if (a.no === 2 && a.bytes) spec["nonResourceAttributes"] = strings(a.bytes, NON_RESOURCE_ATTRIBUTES);
    }
  }
  return { ...tm, metadata: {}, spec };
}
