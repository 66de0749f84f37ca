// A watch request as an async iterator of typed events. The stream ends normally when the server
// closes it (timeoutSeconds, or a server restart's clean close), and when the caller's AbortSignal
// fires (the request is destroyed, the iterator returns); a connection cut mid-stream is a thrown
// TransportError, so a caller can tell it from a normal end and resume from its last version.
import type { IncomingMessage } from "node:http";
import type { RestRequest, Transport } from "../rest/transport.js";
import { TransportError } from "../rest/transport.js";
import { NdjsonDecoder } from "./ndjson-decoder.js";
import { toWatchEvent } from "./watch-event.js";
import type { WatchEvent } from "./watch-event.js";

/** Opens `req` (a GET with watch=true in its query) and yields its events until it ends. */
export async function* watchStream<T>(transport: Transport, req: RestRequest): AsyncGenerator<WatchEvent<T>, void, undefined> {
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
    // The decoder is driven here rather than through decodeNdjson: one async generator less per event.
    const decoder = new NdjsonDecoder();
    for await (const chunk of res as AsyncIterable<Buffer>) {
      // Each event parsed as it is taken: the reflector has handled the one before.
      for (const value of decoder.values(chunk)) {
        if (signal?.aborted) return;
        yield toWatchEvent<T>(value, summary);
      }
    }
    for (const value of decoder.end()) {
      if (signal?.aborted) return;
      yield toWatchEvent<T>(value, summary);
    }
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
