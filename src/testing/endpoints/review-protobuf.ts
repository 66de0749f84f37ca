// The one protobuf body the test server reads: kubectl's typed clients (auth can-i) send a
// SelfSubjectAccessReview as application/vnd.kubernetes.protobuf, the "k8s\0" envelope around a
// runtime.Unknown. Only the review's spec attributes are decoded into the JSON shape.

export interface Field {
  no: number;
  bytes?: Buffer;
  varint?: number;
}

/** Reads a message's fields (varint and length-delimited wire types; anything else ends the read). */
export function fields(buf: Buffer): Field[] {
  const out: Field[] = [];
  let i = 0;
  const varint = (): number => {
    let v = 0;
    let shift = 0;
    for (;;) {
      const b = buf[i++] ?? 0;
      v += (b & 0x7f) * 2 ** shift;
      shift += 7;
      if ((b & 0x80) === 0 || i >= buf.length) return v;
    }
  };
  while (i < buf.length) {
    const key = varint();
    const no = Math.floor(key / 8);
    const wire = key % 8;
    if (wire === 0) out.push({ no, varint: varint() });
    else if (wire === 2) {
      const len = varint();
      out.push({ no, bytes: buf.subarray(i, i + len) });
      i += len;
    } else break;
  }
  return out;
}

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
  if (body.subarray(0, 4).toString("latin1") !== "k8s\0") return undefined;
  const unknown = fields(body.subarray(4));
  const typeMeta = unknown.find((f) => f.no === 1)?.bytes;
  const raw = unknown.find((f) => f.no === 2)?.bytes;
  if (!typeMeta || !raw) return undefined;
  const tm = strings(typeMeta, { 1: "apiVersion", 2: "kind" });
  const spec: Record<string, unknown> = {};
  for (const f of fields(raw)) {
    if (f.no !== 2 || !f.bytes) continue;
    for (const a of fields(f.bytes)) {
      if (a.no === 1 && a.bytes) spec["resourceAttributes"] = strings(a.bytes, RESOURCE_ATTRIBUTES);
      if (a.no === 2 && a.bytes) spec["nonResourceAttributes"] = strings(a.bytes, NON_RESOURCE_ATTRIBUTES);
    }
  }
  return { ...tm, metadata: {}, spec };
}
