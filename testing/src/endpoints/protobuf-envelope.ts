// The "k8s\0" envelope of application/vnd.kubernetes.protobuf bodies (apimachinery's protobuf
// serializer): four magic bytes, then a runtime.Unknown whose typeMeta names the object and whose raw
// bytes are its generated.proto message. The one reader of protobuf wire fields and of the envelope,
// for every protobuf body the test server decodes (reviews, built-in writes).

/** One wire field of a protobuf message: its number and its bytes or varint. */
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

/** A runtime.Unknown: the apiVersion and kind of its typeMeta ("" when unset) and its raw message bytes. */
export interface UnknownObject {
  apiVersion: string;
  kind: string;
  raw: Buffer;
}

const MAGIC = "k8s\0";

/** The runtime.Unknown inside a protobuf body, or undefined when the body is not the envelope or lacks typeMeta or raw. */
export function unwrapUnknown(body: Buffer): UnknownObject | undefined {
  if (body.subarray(0, MAGIC.length).toString("latin1") !== MAGIC) return undefined;
  const unknown = fields(body.subarray(MAGIC.length));
  const typeMeta = unknown.find((f) => f.no === 1)?.bytes;
  const raw = unknown.find((f) => f.no === 2)?.bytes;
  if (!typeMeta || !raw) return undefined;
  const tm = fields(typeMeta);
  const text = (no: number): string => (tm.find((f) => f.no === no)?.bytes ?? Buffer.alloc(0)).toString("utf8");
  return { apiVersion: text(1), kind: text(2), raw };
}
