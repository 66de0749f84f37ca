// Newline-delimited JSON framing for watch streams. Bytes are split on "\n" before any UTF-8
// decoding, so a multi-byte character cut by a chunk boundary is whole again when its line is
// decoded; a line's pieces are kept as a list and joined once, so a very long line (a large object
// arriving in many chunks) costs linear time, not quadratic. The lines whole within one chunk (the
// common case on the hot path) are decoded straight from the chunk, all in one call.

import { utf8Text } from "../core/utf8.js";

/** A line of a watch stream that is not valid JSON (a truncated or corrupt event). */
export class NdjsonDecodeError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "NdjsonDecodeError";
  }
}

const NEWLINE = 0x0a;
// What a blank line parses to: no value (JSON has no value a symbol could be mistaken for).
const BLANK = Symbol("blank line");

/** Splits pushed chunks into JSON values, one per non-blank line. */
export class NdjsonDecoder {
  private pieces: Buffer[] = [];
  private pendingBytes = 0;

  /** @param maxLineBytes a line longer than this is an error (default 256 MiB). */
  constructor(private readonly maxLineBytes = 256 * 1024 * 1024) {}

  /** The values completed by `chunk`. */
  push(chunk: Uint8Array | string): unknown[] {
    return [...this.values(chunk)];
  }

  /**
   * The values completed by `chunk`, each parsed only when the iteration reaches it, so a consumer
   * that handles each value before taking the next holds one parsed line at a time, not a chunk's
   * worth (a young-generation collection during a watch burst then has one event to copy, not a
   * hundred). `chunk` must not change until the iteration ends; the rest of its last line is kept then.
   */
  *values(chunk: Uint8Array | string): Generator<unknown, void, undefined> {
    const buf = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let start = 0;
    let nl = buf.indexOf(NEWLINE);
    if (nl !== -1 && this.pieces.length > 0) {
      // The end of a line begun in an earlier chunk.
      this.keep(buf.subarray(0, nl));
      const line = this.takeLine();
      start = nl + 1;
      nl = buf.indexOf(NEWLINE, start);
      const value = line === undefined ? BLANK : this.parseLine(line);
      if (value !== BLANK) yield value;
    }
    if (nl !== -1) {
      const last = buf.lastIndexOf(NEWLINE);
      if (last - start <= this.maxLineBytes) {
        // The hot path: the lines whole inside this chunk are decoded as one text (they begin and
        // end on line boundaries, so no character is cut), and each is parsed from a slice of it,
        // which V8 makes without copying: one decoding call per chunk, not one per event.
        const text = utf8Text(buf.subarray(start, last));
        for (let from = 0; from <= text.length;) {
          let end = text.indexOf("\n", from);
          if (end === -1) end = text.length;
          if (end > from) {
            const value = this.parseLine(text.slice(from, end));
            if (value !== BLANK) yield value;
          }
          from = end + 1;
        }
        start = last + 1;
      } else {
        // Possibly a line over the limit: line by line, each measured in bytes.
        for (; nl !== -1; nl = buf.indexOf(NEWLINE, start)) {
          if (nl - start > this.maxLineBytes) throw new NdjsonDecodeError(`watch event longer than ${this.maxLineBytes} bytes`);
          const from = start;
          start = nl + 1;
          if (nl === from) continue;
          const value = this.parseLine(buf.toString("utf8", from, nl));
          if (value !== BLANK) yield value;
        }
      }
    }
    if (start < buf.length) this.keep(buf.subarray(start));
  }

  /** The value of a final line without a newline, if any; the decoder is then empty. */
  end(): unknown[] {
    const line = this.takeLine();
    const value = line === undefined ? BLANK : this.parseLine(line);
    return value === BLANK ? [] : [value];
  }

  private keep(piece: Buffer): void {
    if (piece.length === 0) return;
    this.pendingBytes += piece.length;
    if (this.pendingBytes > this.maxLineBytes) {
      this.pieces = [];
      this.pendingBytes = 0;
      throw new NdjsonDecodeError(`watch event longer than ${this.maxLineBytes} bytes`);
    }
    // Copied: the caller may reuse the chunk's memory once push returns.
    this.pieces.push(Buffer.from(piece));
  }

  // The line whose pieces were kept, if any; the pieces are then let go.
  private takeLine(): string | undefined {
    if (this.pieces.length === 0) return undefined;
    const line = utf8Text(this.pieces.length === 1 ? this.pieces[0]! : Buffer.concat(this.pieces, this.pendingBytes));
    this.pieces = [];
    this.pendingBytes = 0;
    return line;
  }

  // The line's value, or BLANK for a blank line.
  private parseLine(line: string): unknown {
    // Blank lines (a keep-alive "\n", or "\r\n" framing) carry no value; trim only when an end is whitespace.
    if (line.charCodeAt(0) <= 0x20 || line.charCodeAt(line.length - 1) <= 0x20) {
      if (line.trim() === "") return BLANK;
    }
    try {
      return JSON.parse(line);
    } catch (err) {
      throw new NdjsonDecodeError(`watch stream line is not JSON (${line.length} characters): ${(err as Error).message}`, { cause: err });
    }
  }
}

/** The JSON values of a byte stream of newline-delimited JSON, a final unterminated line included. */
export async function* decodeNdjson(
  source: AsyncIterable<Uint8Array | string>,
  maxLineBytes?: number,
): AsyncGenerator<unknown, void, undefined> {
  const decoder = new NdjsonDecoder(maxLineBytes);
  for await (const chunk of source) yield* decoder.push(chunk);
  yield* decoder.end();
}
