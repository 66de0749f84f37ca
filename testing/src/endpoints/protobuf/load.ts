// The protobuf codec (@bufbuild/protobuf and the upstream descriptors, decoded from their binary
// FileDescriptorSet) loads on the first request that could use it, not when the server is imported:
// most controller tests speak JSON only, and the codec is a third of the package's import time
// (bench/testing-startup.ts). handleRequest awaits loadProtobuf() before anything else when
// mayUseProtobuf(req), so every synchronous use below it (respond.ts, watch-framing.ts, the body
// decoding in request-handler.ts) finds the codec loaded; protobufCodec() throws if one ever does not.
import type { IncomingMessage } from "node:http";

type Codec = Pick<typeof import("./objects.js"), "canEncodeProtobuf" | "decodeProtobufObject" | "encodeProtobufObject" | "watchFrame">;

let codec: Codec | undefined;
let loading: Promise<Codec> | undefined;

/** Whether the request names protobuf in its Content-Type or Accept (a superset of those that use it). */
export function mayUseProtobuf(req: IncomingMessage): boolean {
  const { accept, "content-type": contentType } = req.headers;
  return (accept !== undefined && /protobuf/i.test(accept)) || (contentType !== undefined && /protobuf/i.test(contentType));
}

/** Whether the codec is loaded, so a request need not wait for it. */
export function protobufLoaded(): boolean {
  return codec !== undefined;
}

/** Loads the codec once; concurrent first requests share the one import. */
export function loadProtobuf(): Promise<Codec> {
  // Named, so that what the server uses of objects.ts is visible to knip's unused-export check.
  loading ??= import("./objects.js").then(
    ({ canEncodeProtobuf, decodeProtobufObject, encodeProtobufObject, watchFrame }) =>
      (codec = { canEncodeProtobuf, decodeProtobufObject, encodeProtobufObject, watchFrame }),
  );
  return loading;
}

/** The loaded codec: only for requests that mayUseProtobuf, after handleRequest awaited loadProtobuf(). */
export function protobufCodec(): Codec {
  if (codec === undefined) throw new Error("internal: the protobuf codec was used before loadProtobuf() finished");
  return codec;
}
