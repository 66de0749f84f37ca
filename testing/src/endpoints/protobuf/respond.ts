// Writing an answer in the media type the request's Accept prefers: protobuf when it ranks first and
// the object has a protobuf form (a built-in kind, its list, Status), JSON otherwise, as the real
// server's negotiation falls back to JSON for what protobuf cannot carry.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ApiError } from "../../status-errors.js";
import { sendError, sendJson, warningHeaders } from "../http-io.js";
import { protobufCodec } from "./load.js";
import { prefersProtobuf, PROTOBUF } from "./negotiate.js";

/** Writes `body` with status `code`, in protobuf when `protobufAvailable` and the Accept header prefers it. */
export function sendObject(
  req: IncomingMessage,
  res: ServerResponse,
  code: number,
  body: unknown,
  warnings: readonly string[] = [],
  protobufAvailable = true,
): void {
  sendEncoded(res, code, body, prefersProtobuf(req.headers["accept"], protobufAvailable), warnings);
}

/** Writes `body` in protobuf when `protobuf` and it has a protobuf form, JSON otherwise. */
export function sendEncoded(res: ServerResponse, code: number, body: unknown, protobuf: boolean, warnings: readonly string[] = []): void {
  if (!protobuf) return sendJson(res, code, body, warnings);
  const { canEncodeProtobuf, encodeProtobufObject } = protobufCodec();
  if (!canEncodeProtobuf(body)) return sendJson(res, code, body, warnings);
  const bytes = encodeProtobufObject(body as Record<string, unknown>);
  const headers: Record<string, string | string[]> = {
    "Content-Type": PROTOBUF,
    "Content-Length": String(bytes.length),
    "Cache-Control": "no-cache, private",
  };
  const values = warningHeaders(warnings);
  if (values.length > 0) headers["Warning"] = values;
  res.writeHead(code, headers);
  res.end(bytes);
}

/**
 * Writes an ApiError's Status in the negotiated type: errors are encoded with every serializer the
 * server has, so a custom resource's 406 to a protobuf-only Accept is itself protobuf.
 */
export function sendErrorNegotiated(req: IncomingMessage, res: ServerResponse, err: ApiError, warnings: readonly string[] = []): void {
  if (!prefersProtobuf(req.headers["accept"], true)) return sendError(res, err, warnings);
  if (err.details?.retryAfterSeconds) res.setHeader("Retry-After", String(err.details.retryAfterSeconds));
  sendObject(req, res, err.code, err.toStatus(), warnings);
}
