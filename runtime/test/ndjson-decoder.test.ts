// The watch framing under adversarial chunking: every split point of a stream, one byte at a
// time, multi-byte UTF-8 characters cut between chunks, a final line without a newline, blank
// lines, a very long line in many chunks, and malformed input reported as a decode error.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Readable } from "node:stream";
import { ApiError, NdjsonDecodeError, NdjsonDecoder, decodeNdjson, isGone, toWatchEvent } from "../src/index.js";

const events = [
  { type: "ADDED", object: { metadata: { name: "a", annotations: { note: "snowman ☃, emoji 😀, é" } } } },
  { type: "MODIFIED", object: { metadata: { name: "b" }, data: { k: "line\nbreak inside a string" } } },
  { type: "DELETED", object: { metadata: { name: "c" } } },
];
const wire = Buffer.from(events.map((e) => JSON.stringify(e) + "\n").join(""), "utf8");

function decodeChunks(chunks: Buffer[]): unknown[] {
  const d = new NdjsonDecoder();
  const out: unknown[] = [];
  for (const c of chunks) out.push(...d.push(c));
  out.push(...d.end());
  return out;
}

test("every two-way split of the stream decodes to the same events", () => {
  for (let i = 0; i <= wire.length; i++) {
    assert.deepEqual(decodeChunks([wire.subarray(0, i), wire.subarray(i)]), events, `split at byte ${i}`);
  }
});

test("one byte per chunk, cutting every multi-byte character, decodes unchanged", () => {
  const chunks = [...wire].map((b) => Buffer.from([b]));
  assert.deepEqual(decodeChunks(chunks), events);
});

test("random three-way splits decode unchanged", () => {
  let seed = 7;
  const rnd = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
  for (let k = 0; k < 200; k++) {
    const a = rnd(wire.length + 1);
    const b = a + rnd(wire.length - a + 1);
    assert.deepEqual(decodeChunks([wire.subarray(0, a), wire.subarray(a, b), wire.subarray(b)]), events);
  }
});

test("a final line without a newline is decoded at the end; blank lines are skipped", () => {
  const d = new NdjsonDecoder();
  assert.deepEqual(d.push('\n\n{"type":"ADDED","object":{}}\n  \n{"type":"DEL'), [{ type: "ADDED", object: {} }]);
  assert.deepEqual(d.push('ETED","object":{}}'), []);
  assert.deepEqual(d.end(), [{ type: "DELETED", object: {} }]);
  assert.deepEqual(d.end(), [], "the decoder is empty after end");
});

test("a chunk's memory may be reused by the caller after push", () => {
  const d = new NdjsonDecoder();
  const chunk = Buffer.from('{"a":1');
  d.push(chunk);
  chunk.fill(0x20);
  assert.deepEqual(d.push("}\n"), [{ a: 1 }]);
});

test("a very long line arriving in many chunks decodes whole", async () => {
  const big = "x".repeat(4 * 1024 * 1024) + "é";
  const line = Buffer.from(JSON.stringify({ type: "ADDED", object: { big } }) + "\n", "utf8");
  function* chunks(): Generator<Buffer> {
    for (let i = 0; i < line.length; i += 4093) yield line.subarray(i, i + 4093);
  }
  const source = (): AsyncIterable<Buffer> => Readable.from(chunks(), { objectMode: true });
  const out: unknown[] = [];
  for await (const v of decodeNdjson(source())) out.push(v);
  assert.equal(out.length, 1);
  assert.equal((out[0] as { object: { big: string } }).object.big, big);
});

test("a line past the limit, and a line that is not JSON, are decode errors", () => {
  assert.throws(() => new NdjsonDecoder(10).push("01234567890"), NdjsonDecodeError);
  assert.throws(() => new NdjsonDecoder().push('{"type":"ADDED",\n'), NdjsonDecodeError);
  const d = new NdjsonDecoder();
  d.push('{"type":"ADD');
  assert.throws(() => d.end(), /not JSON/, "a truncated final line is an error, not a silent end");
});

test("toWatchEvent: ERROR becomes an ApiError from its Status; unknown types and missing objects are errors", () => {
  const status = {
    kind: "Status",
    apiVersion: "v1",
    status: "Failure",
    code: 410,
    reason: "Expired",
    message: "too old resource version: 1 (5)",
  };
  assert.throws(
    () => toWatchEvent({ type: "ERROR", object: status }, { method: "GET", path: "/api/v1/configmaps" }),
    (e: unknown) =>
      e instanceof ApiError && isGone(e) && e.code === 410 && e.message === status.message && e.request?.path === "/api/v1/configmaps",
  );
  assert.throws(
    () => toWatchEvent({ type: "ERROR", object: { hello: 1 } }),
    (e: unknown) => e instanceof ApiError && e.code === 500,
  );
  assert.throws(() => toWatchEvent({ type: "RENAMED", object: {} }), NdjsonDecodeError);
  assert.throws(() => toWatchEvent({ type: "ADDED" }), NdjsonDecodeError);
  assert.throws(() => toWatchEvent([1]), NdjsonDecodeError);
  assert.deepEqual(toWatchEvent({ type: "BOOKMARK", object: { metadata: { resourceVersion: "9" } } }), {
    type: "BOOKMARK",
    object: { metadata: { resourceVersion: "9" } },
  });
});
