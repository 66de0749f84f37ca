// Turns a failed response into an ApiError. A metav1.Status body is trusted as the server wrote it;
// anything else (a proxy's HTML page, an empty body) gets a Status synthesized from the code, as
// client-go's newUnstructuredResponseError and apierrors.NewGenericServerResponse do, marked with
// the UnexpectedServerResponse cause so callers can tell the two apart.
import { ApiError } from "../core/api-error.js";
import type { RequestSummary } from "../core/api-error.js";
import { CAUSE_UNEXPECTED_SERVER_RESPONSE, isStatus } from "../core/status.js";
import type { Status, StatusReason } from "../core/status.js";
import { utf8Text } from "../core/utf8.js";

// client-go caps the body text it quotes.
const MAX_BODY_TEXT = 2048;

/** Retry-After as whole seconds, when it is a number (HTTP dates are ignored, as client-go does). */
export function retryAfterSeconds(header: string | string[] | undefined): number | undefined {
  const v = Array.isArray(header) ? header[0] : header;
  if (v === undefined || !/^\s*\d+\s*$/.test(v)) return undefined;
  return Number(v);
}

function isTextResponse(contentType: string | undefined): boolean {
  if (!contentType) return true;
  return contentType.split(";")[0]!.trim().toLowerCase().startsWith("text/");
}

// The reason and message NewGenericServerResponse gives each code.
function genericReason(code: number, method: string, serverMessage: string): [StatusReason, string] {
  switch (code) {
    case 409:
      return [method === "POST" ? "AlreadyExists" : "Conflict", "the server reported a conflict"];
    case 404:
      return ["NotFound", "the server could not find the requested resource"];
    case 400:
      return ["BadRequest", "the server rejected our request for an unknown reason"];
    case 401:
      return ["Unauthorized", "the server has asked for the client to provide credentials"];
    case 403:
      return ["Forbidden", serverMessage];
    case 406:
      return [
        "NotAcceptable",
        serverMessage === "" || serverMessage === "unknown"
          ? "the server was unable to respond with a content type that the client supports"
          : serverMessage,
      ];
    case 415:
      return ["UnsupportedMediaType", serverMessage];
    case 405:
      return ["MethodNotAllowed", "the server does not allow this method on the requested resource"];
    case 422:
      return ["Invalid", "the server rejected our request due to an error in our request"];
    case 503:
      return ["ServiceUnavailable", "the server is currently unable to handle the request"];
    case 504:
      return ["Timeout", "the server was unable to return a response in the time allotted, but may still be processing the request"];
    case 429:
      return ["TooManyRequests", "the server has received too many requests and has asked us to try again later"];
    default:
      if (code >= 500)
        return ["InternalError", `an error on the server (${JSON.stringify(serverMessage)}) has prevented the request from succeeding`];
      return ["", `the server responded with the status code ${code} but did not return more information`];
  }
}

/** The ApiError for a non-2xx response. */
export function errorFromResponse(
  code: number,
  headers: { "content-type"?: string | undefined; "retry-after"?: string | string[] | undefined },
  body: Buffer,
  request: RequestSummary,
): ApiError {
  let decoded: unknown;
  try {
    decoded = body.length > 0 ? JSON.parse(utf8Text(body)) : undefined;
  } catch {
    decoded = undefined;
  }
  if (isStatus(decoded)) {
    const status: Status = { ...decoded };
    status.code ??= code;
    return new ApiError(status, request);
  }
  const text = body.subarray(0, MAX_BODY_TEXT).toString("utf8").trim();
  const serverMessage = isTextResponse(headers["content-type"]) ? text : "unknown";
  const [reason, message] = genericReason(code, request.method, serverMessage);
  const status: Status = {
    kind: "Status",
    apiVersion: "v1",
    status: "Failure",
    code,
    reason,
    message,
    details: { causes: [{ reason: CAUSE_UNEXPECTED_SERVER_RESPONSE, message: serverMessage }] },
  };
  const after = retryAfterSeconds(headers["retry-after"]);
  if (after !== undefined && after > 0) status.details!.retryAfterSeconds = after;
  return new ApiError(status, request);
}
