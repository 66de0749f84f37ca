// Watch events in protobuf (watch-stream.ts asks here first): when the Accept header prefers
// protobuf and the resource is a built-in, the stream is "application/vnd.kubernetes.protobuf;
// stream=watch", each event a length-prefixed WatchEvent (objects.ts). Table watches stay JSON.
import type { IncomingMessage } from "node:http";
import { protobufCodec } from "./load.js";
import { prefersProtobuf, PROTOBUF } from "./negotiate.js";

/** How a protobuf watch writes its events, or undefined when the watch is JSON. */
export interface ProtobufWatch {
  contentType: string;
  frame(type: string, object: Record<string, unknown>): Buffer;
}

/** The protobuf framing for this watch request, or undefined. */
export function protobufWatch(req: IncomingMessage, custom: boolean): ProtobufWatch | undefined {
  if (!prefersProtobuf(req.headers["accept"], !custom)) return undefined;
  return { contentType: `${PROTOBUF};stream=watch`, frame: protobufCodec().watchFrame };
}

/** The protobuf framing of a metadata-only watch whose Accept chose protobuf (partial-metadata.ts). */
export function partialProtobufWatch(): ProtobufWatch {
  return { contentType: `${PROTOBUF};stream=watch`, frame: protobufCodec().watchFrame };
}
