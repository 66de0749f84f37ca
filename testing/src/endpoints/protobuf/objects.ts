// Whole objects in application/vnd.kubernetes.protobuf, as apimachinery's protobuf serializer writes
// them: the "k8s\0" magic, then a runtime.Unknown {typeMeta {apiVersion, kind}, raw, contentEncoding,
// contentType} whose raw bytes are the object's message (codec.ts). Watch events travel in the
// ";stream=watch" framing: each a 4-byte big-endian length, then a bare WatchEvent whose object is
// a RawExtension holding the enveloped object.
import { BinaryWriter, WireType } from "@bufbuild/protobuf/wire";
import { ApiError } from "../../status-errors.js";
import { unwrapUnknown } from "../protobuf-envelope.js";
import { decodeMessageBytes, encodeMessageBytes } from "./codec.js";
import { messageFor } from "./descriptors.js";

const MAGIC = Buffer.from("k8s\0", "latin1");

function unsupported(what: string): ApiError {
  return new ApiError(415, "UnsupportedMediaType", `the test server does not decode protobuf ${what}; send application/json`);
}

/**
 * The JSON object of a protobuf body (its apiVersion and kind from the envelope), or a 415 when the
 * body is not the envelope or names a kind the server has no message for.
 */
export function decodeProtobufObject(body: Uint8Array): Record<string, unknown> {
  const unknown = unwrapUnknown(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
  if (!unknown) throw unsupported("bodies without the k8s envelope");
  const { apiVersion, kind, raw } = unknown;
  const desc = messageFor(apiVersion, kind);
  if (!desc) throw unsupported(`${apiVersion} ${kind} objects`);
  // An unset apiVersion or kind is left out, as the JSON form would leave it.
  return { ...(kind ? { kind } : {}), ...(apiVersion ? { apiVersion } : {}), ...decodeMessageBytes(desc, raw) };
}

/** Whether the server can write this object (a built-in kind, a list of one, or a meta kind) in protobuf. */
export function canEncodeProtobuf(obj: unknown): boolean {
  if (typeof obj !== "object" || obj === null) return false;
  const { apiVersion, kind } = obj as { apiVersion?: unknown; kind?: unknown };
  return typeof apiVersion === "string" && typeof kind === "string" && messageFor(apiVersion, kind) !== undefined;
}

/** The enveloped protobuf bytes of an object the server can encode (canEncodeProtobuf). */
export function encodeProtobufObject(obj: Record<string, unknown>): Buffer {
  const apiVersion = String(obj["apiVersion"]);
  const kind = String(obj["kind"]);
  const desc = messageFor(apiVersion, kind);
  if (!desc) throw new Error(`no protobuf message for ${apiVersion} ${kind}`);
  const w = new BinaryWriter();
  w.tag(1, WireType.LengthDelimited).fork();
  w.tag(1, WireType.LengthDelimited).string(apiVersion);
  w.tag(2, WireType.LengthDelimited).string(kind);
  w.join();
  w.tag(2, WireType.LengthDelimited).bytes(encodeMessageBytes(desc, obj));
  // Go writes contentEncoding and contentType too, both empty.
  w.tag(3, WireType.LengthDelimited).string("");
  w.tag(4, WireType.LengthDelimited).string("");
  return Buffer.concat([MAGIC, w.finish()]);
}

/** One watch event in the ";stream=watch" framing: its length, then WatchEvent {type, object {raw}}. */
export function watchFrame(type: string, obj: Record<string, unknown>): Buffer {
  const w = new BinaryWriter();
  w.tag(1, WireType.LengthDelimited).string(type);
  w.tag(2, WireType.LengthDelimited).fork();
  w.tag(1, WireType.LengthDelimited).bytes(encodeProtobufObject(obj));
  w.join();
  const event = w.finish();
  const length = Buffer.alloc(4);
  length.writeUInt32BE(event.length);
  return Buffer.concat([length, event]);
}
