// A watch request as an async iterator of typed events. The stream ends normally when the server
// closes it (timeoutSeconds, or a server restart's clean close), and when the caller's AbortSignal
// fires (the request is destroyed, the iterator returns); a connection cut mid-stream is a thrown
// TransportError, so a caller can tell it from a normal end and resume from its last version.
//
// Two shapes of the same stream: watchBatches yields, per chunk the connection delivers, the events
// that chunk completes, as a synchronous iterable (one await per chunk, which is what an informer
// on a busy watch wants: a 64 KiB chunk holds about a hundred events); watchStream yields the
// events one by one (one await each), for any other consumer.
import type { IncomingMessage } from "node:http";
import type { RestRequest, Transport } from "../rest/transport.js";
import { TransportError } from "../rest/transport.js";
import { NdjsonDecoder } from "./ndjson-decoder.js";
import { toWatchEvent } from "./watch-event.js";
import type { WatchEvent } from "./watch-event.js";

/** Opens `req` (a GET with watch=true in its query) and yields its events until it ends. */
export async function* watchStream<T>(transport: Transport, req: RestRequest): AsyncGenerator<WatchEvent<T>, void, undefined> {
  for await (const batch of watchBatches<T>(transport, req)) yield* batch;
}

/**
 * Opens `req` (a GET with watch=true in its query) and yields, for each chunk the connection
 * delivers, the events it completes. Each event is parsed only when the iteration reaches it, so a
 * consumer that handles each event before taking the next holds one parsed event at a time. A batch
 * left unfinished (a `break`) is not lost: it is yielded again, from where it stopped, before the
 * next chunk is read. A decode error or an ERROR event throws from the batch's iteration.
 */
export async function* watchBatches<T>(transport: Transport, req: RestRequest): AsyncGenerator<Iterable<WatchEvent<T>>, void, undefined> {
  const signal = req.signal;
  const summary = { method: "GET", path: req.path };
  let res: IncomingMessage;
  try {
    res = await transport.stream({ ...req, method: "GET" });
  } catch (err) {
    if (signal?.aborted) return;
    throw err;
  }
  try {
    const decoder = new NdjsonDecoder();
    for await (const chunk of res as AsyncIterable<Buffer>) {
      if (signal?.aborted) return;
      const batch = new ChunkEvents<T>(decoder.values(chunk), summary, signal);
      // The decoder keeps the rest of the chunk's last line only once the batch has been read to
      // its end: an unfinished batch comes round again first.
      while (!batch.finished) yield batch;
    }
    if (signal?.aborted) return;
    const last = decoder.end();
    if (last.length > 0) yield new ChunkEvents<T>(last[Symbol.iterator](), summary, signal);
    // Node ends a chunked body cut before its last chunk as "aborted" without always raising
    // an error through the iterator; a complete body is `complete`.
    if (!res.complete && !signal?.aborted)
      throw new TransportError(`GET ${summary.path}: the watch connection was closed before the stream ended`, "ECONNRESET");
  } catch (err) {
    if (signal?.aborted) return;
    if (err instanceof Error && !(err instanceof TransportError) && (err as NodeJS.ErrnoException).code === "ECONNRESET") {
      throw new TransportError(`GET ${summary.path}: the watch connection was reset`, "ECONNRESET", { cause: err });
    }
    throw err;
  } finally {
    res.destroy();
  }
}

// One chunk's events. An iterator with no return(): a consumer's `break` leaves the decoder's
// iteration where it was (a generator's return() would end it and drop the rest of the chunk).
class ChunkEvents<T> implements IterableIterator<WatchEvent<T>> {
  finished = false;

  constructor(
    private readonly values: Iterator<unknown, void, undefined>,
    private readonly summary: { method: string; path: string },
    private readonly signal: AbortSignal | undefined,
  ) {}

  [Symbol.iterator](): this {
    return this;
  }

  next(): IteratorResult<WatchEvent<T>, undefined> {
    if (!this.finished) {
      if (this.signal?.aborted) this.finished = true;
      else {
        try {
          const r = this.values.next();
          if (!r.done) return { done: false, value: toWatchEvent<T>(r.value, this.summary) };
        } catch (err) {
          // A malformed line or an ERROR event ends the stream: the batch is over too.
          this.finished = true;
          throw err;
        }
        this.finished = true;
      }
    }
    return { done: true, value: undefined };
  }
}
