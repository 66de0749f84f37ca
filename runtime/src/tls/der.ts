// A minimal ASN.1 DER encoder: just the types an X.509 certificate needs (no parsing, no BER).

/** A DER-encoded value. */
export type Der = Buffer;

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  while (n > 0) {
    bytes.unshift(n & 0xff);
    n >>= 8;
  }
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** Tag-length-value with an explicit tag byte. */
export function tlv(tag: number, content: Buffer): Der {
  return Buffer.concat([Buffer.from([tag]), length(content.length), content]);
}

/** SEQUENCE of the given elements. */
export function sequence(...items: Der[]): Der {
  return tlv(0x30, Buffer.concat(items));
}

/** SET of the given elements (callers pass them already in DER order). */
export function set(...items: Der[]): Der {
  return tlv(0x31, Buffer.concat(items));
}

/** INTEGER from unsigned big-endian bytes (a leading zero is added when the top bit is set). */
export function integer(bytes: Buffer | number): Der {
  let b = typeof bytes === "number" ? Buffer.from([bytes]) : bytes;
  let i = 0;
  while (i < b.length - 1 && b[i] === 0 && ((b[i + 1] ?? 0) & 0x80) === 0) i++;
  b = b.subarray(i);
  if (((b[0] ?? 0) & 0x80) !== 0) b = Buffer.concat([Buffer.from([0]), b]);
  return tlv(0x02, b);
}

/** OBJECT IDENTIFIER from dotted text. */
export function oid(dotted: string): Der {
  const parts = dotted.split(".").map(Number);
  const out: number[] = [40 * (parts[0] ?? 0) + (parts[1] ?? 0)];
  for (const p of parts.slice(2)) {
    const chunk: number[] = [p & 0x7f];
    let v = Math.floor(p / 128);
    while (v > 0) {
      chunk.unshift((v & 0x7f) | 0x80);
      v = Math.floor(v / 128);
    }
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}

/** UTF8String. */
export function utf8(s: string): Der {
  return tlv(0x0c, Buffer.from(s, "utf8"));
}

/** BOOLEAN. */
export function bool(v: boolean): Der {
  return tlv(0x01, Buffer.from([v ? 0xff : 0]));
}

/** BIT STRING with no unused bits. */
export function bitString(content: Buffer): Der {
  return tlv(0x03, Buffer.concat([Buffer.from([0]), content]));
}

/** OCTET STRING. */
export function octetString(content: Buffer): Der {
  return tlv(0x04, content);
}

/** UTCTime (years 1950-2049) or GeneralizedTime, as RFC 5280 requires. */
export function time(d: Date): Der {
  const iso = d.toISOString();
  const compact = iso.slice(0, 19).replace(/[-:T]/g, "") + "Z";
  const year = d.getUTCFullYear();
  if (year >= 1950 && year < 2050) return tlv(0x17, Buffer.from(compact.slice(2), "ascii"));
  return tlv(0x18, Buffer.from(compact, "ascii"));
}

/** Context-specific constructed tag [n] EXPLICIT. */
export function explicit(n: number, content: Der): Der {
  return tlv(0xa0 | n, content);
}

/** Context-specific primitive tag [n] IMPLICIT. */
export function implicit(n: number, content: Buffer): Der {
  return tlv(0x80 | n, content);
}
