// A small protobuf wire reader for the decode path. @bufbuild/protobuf's BinaryReader makes a
// DataView per reader, and a Kubernetes object has a message per map entry, timestamp and
// managedFields entry, so a list body makes tens of thousands of them; this reader is a window
// (bytes, position, end) over one buffer and allocates nothing but the values it returns. Encoding
// keeps BinaryWriter (bench/protobuf.ts measures both paths).
import { WireType } from "@bufbuild/protobuf/wire";

const utf8 = new TextDecoder();

/** Wire types by their number on the wire. */
const WIRE_TYPES: readonly WireType[] = [
  WireType.Varint,
  WireType.Bit64,
  WireType.LengthDelimited,
  WireType.StartGroup,
  WireType.EndGroup,
  WireType.Bit32,
];

export class WireReader {
  pos: number;
  constructor(
    readonly buf: Uint8Array,
    start = 0,
    readonly end = buf.length,
  ) {
    this.pos = start;
  }

  /** A varint as a number; the 64-bit values Kubernetes writes (times, generations, sizes) fit in 2^53. */
  varint(): number {
    let v = 0;
    let scale = 1;
    for (;;) {
      const b = this.buf[this.pos++] ?? 0;
      v += (b & 0x7f) * scale;
      if ((b & 0x80) === 0 || this.pos >= this.end) break;
      scale *= 128;
    }
    // A negative int64 is ten bytes of two's complement: fold it back below zero.
    return v >= 2 ** 63 ? v - 2 ** 64 : v;
  }

  /** A varint read as int32 (negative int32s are sign-extended to ten bytes on the wire). */
  int32(): number {
    return this.varint() | 0;
  }

  /** The next field's number and wire type. */
  tag(): [number, WireType] {
    const key = this.varint();
    // An unknown wire type reads as a group, which skip() treats as the end of the message.
    return [Math.floor(key / 8), WIRE_TYPES[key & 7] ?? WireType.StartGroup];
  }

  /** A length-delimited field's bytes, as a view. */
  bytes(): Uint8Array {
    const n = this.varint();
    const start = this.pos;
    this.pos += n;
    return this.buf.subarray(start, this.pos);
  }

  /** A length-delimited field as a reader over its bytes. */
  sub(): WireReader {
    const n = this.varint();
    const start = this.pos;
    this.pos += n;
    return new WireReader(this.buf, start, this.pos);
  }

  /**
   * A string: names, keys and values in Kubernetes objects are short and mostly ASCII, which a loop
   * decodes faster than a TextDecoder call per string.
   */
  string(): string {
    const n = this.varint();
    const start = this.pos;
    this.pos += n;
    if (n <= 32) {
      let out = "";
      for (let i = start; i < this.pos; i++) {
        const b = this.buf[i] ?? 0;
        if (b >= 0x80) return utf8.decode(this.buf.subarray(start, this.pos));
        out += String.fromCharCode(b);
      }
      return out;
    }
    return utf8.decode(this.buf.subarray(start, this.pos));
  }

  double(): number {
    const v = Buffer.from(this.buf.buffer, this.buf.byteOffset + this.pos, 8).readDoubleLE(0);
    this.pos += 8;
    return v;
  }

  float(): number {
    const v = Buffer.from(this.buf.buffer, this.buf.byteOffset + this.pos, 4).readFloatLE(0);
    this.pos += 4;
    return v;
  }

  /** Skips a field's value of the given wire type. */
  skip(wire: WireType): void {
    if (wire === WireType.Varint) this.varint();
    else if (wire === WireType.Bit64) this.pos += 8;
    else if (wire === WireType.Bit32) this.pos += 4;
    else if (wire === WireType.LengthDelimited) this.pos += this.varint();
    else this.pos = this.end; // groups: proto2's, never in Kubernetes' messages
  }

  done(): boolean {
    return this.pos >= this.end;
  }
}
