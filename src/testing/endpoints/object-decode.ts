// Decoding a request body into an object for a resource, with the real server's 400 messages for malformed
// JSON and mismatched apiVersion, and its 422 for a mismatched kind on custom resources.
import type { ResourceInfo } from "../registry/resource-info.js";
import { groupVersion } from "../registry/resource-info.js";
import { builtinDecodeError } from "../builtin/decode.js";
import { badRequest } from "../status-errors.js";
import type { KubeObject } from "../storage/store.js";

/** Go's encoding/json wording for a JavaScript JSON.parse error. */
export function goJsonError(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  if (/end of (JSON )?input|Unterminated|Expected .* after/i.test(msg)) return "unexpected end of JSON input";
  const tok = /Unexpected token '?(.)'?/.exec(msg) ?? /Unexpected (?:non-whitespace )?character '?(.)'?/.exec(msg);
  if (tok) return `invalid character '${tok[1]}' looking for beginning of value`;
  return msg;
}

/** Parses JSON, turning syntax errors into the server's "object provided is unrecognized" 400. */
export function parseObjectJson(text: string, kind: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw badRequest(
      `the object provided is unrecognized (must be of type ${kind}): couldn't get version/kind; json parse error: ${goJsonError(e)} (${text.slice(0, 1024)})`,
    );
  }
}

/** Decodes a body for `info`: apiVersion must match the URL's group/version; kind must be the resource's kind. */
export function decodeObject(text: string, info: ResourceInfo, expectedKind = info.kind, expectedVersion = groupVersion(info)): KubeObject {
  const raw = parseObjectJson(text, expectedKind);
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) {
    throw badRequest(
      `the object provided is unrecognized (must be of type ${expectedKind}): couldn't get version/kind; json parse error: json: cannot unmarshal ${Array.isArray(raw) ? "array" : typeof raw} into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" } (${text.slice(0, 1024)})`,
    );
  }
  const obj = raw as Record<string, unknown>;
  const apiVersion = obj["apiVersion"];
  if (apiVersion === undefined || apiVersion === "") obj["apiVersion"] = expectedVersion;
  else if (apiVersion !== expectedVersion)
    throw badRequest(`the API version in the data (${String(apiVersion)}) does not match the expected API version (${expectedVersion})`);
  const kind = obj["kind"];
  if (kind === undefined || kind === "") obj["kind"] = expectedKind;
  else if (kind !== expectedKind && !info.custom) {
    // Custom resources with a wrong kind are decoded and rejected by validation (see validateObject).
    throw badRequest(`the kind in the data (${String(kind)}) does not match the expected kind (${expectedKind})`);
  }
  if (!info.custom) {
    // Built-ins are unmarshalled into their Go struct: a value of the wrong type fails the decode.
    const err = builtinDecodeError(expectedVersion, expectedKind, obj);
    const version = expectedVersion.split("/").at(-1) ?? expectedVersion;
    if (err)
      throw badRequest(`${String(obj["kind"])} in version ${JSON.stringify(version)} cannot be handled as a ${expectedKind}: ${err}`);
  }
  if (!obj["metadata"] || typeof obj["metadata"] !== "object" || Array.isArray(obj["metadata"])) obj["metadata"] = {};
  return obj as KubeObject;
}
