// Decoding a request body into an object for a resource, with the real server's 400 messages for malformed
// JSON and mismatched apiVersion, and its 422 for a mismatched kind on custom resources.
import type { KubeObject, ResourceInfo } from "../registry/resource-info.js";
import { groupVersion } from "../registry/resource-info.js";
import { builtinDecodeError, objectMetaDecodeError } from "../builtin/decode.js";
import { badRequest } from "../status-errors.js";

/** Go's encoding/json wording for a JavaScript JSON.parse error. */
export function goJsonError(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  if (/end of (JSON )?input|Unterminated|Expected .* after/i.test(msg)) return "unexpected end of JSON input";
  const tok = /Unexpected token '?(.)'?/.exec(msg) ?? /Unexpected (?:non-whitespace )?character '?(.)'?/.exec(msg);
  if (tok) return `invalid character '${tok[1]}' looking for beginning of value`;
  return msg;
}

/** Go's encoding/json nesting limit: the 10,001st open array or object is an error. */
const MAX_JSON_DEPTH = 10_000;

/**
 * Go's error for JSON nested deeper than its decoder allows, or undefined. Checked before JSON.parse so
 * that no recursive walk of the server (pruning, validation, patching) ever sees such a document.
 */
export function jsonDepthError(text: string): string | undefined {
  // Too deep needs more than MAX_JSON_DEPTH open brackets, so a shorter body (almost every one) needs no scan.
  if (text.length <= MAX_JSON_DEPTH) return undefined;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_JSON_DEPTH) return `invalid character '${text[i] ?? ""}' exceeded max depth`;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return undefined;
}

/**
 * How the apiserver quotes a body it could not decode (summarizeData): an object's first 30 bytes as
 * text, anything else in hex, " ..." when cut.
 */
export function summarizeBody(text: string): string {
  const data = Buffer.from(text, "utf8");
  if (data.length === 0) return "<empty>";
  const head = data.subarray(0, 30);
  const shown = data[0] === 0x7b ? head.toString("utf8") : head.toString("hex");
  return data.length > 30 ? `${shown} ...` : shown;
}

/** Parses JSON, turning syntax errors into the server's "object provided is unrecognized" 400. */
export function parseObjectJson(text: string, kind: string): unknown {
  const unrecognized = (why: string): Error =>
    badRequest(
      `the object provided is unrecognized (must be of type ${kind}): couldn't get version/kind; json parse error: ${why} (${summarizeBody(text)})`,
    );
  const deep = jsonDepthError(text);
  if (deep) throw unrecognized(deep);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw unrecognized(goJsonError(e));
  }
}

/** Decodes a body for `info`: apiVersion must match the URL's group/version; kind must be the resource's kind. */
export function decodeObject(text: string, info: ResourceInfo, expectedKind = info.kind, expectedVersion = groupVersion(info)): KubeObject {
  const raw = parseObjectJson(text, expectedKind);
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) {
    throw badRequest(
      `the object provided is unrecognized (must be of type ${expectedKind}): couldn't get version/kind; json parse error: json: cannot unmarshal ${Array.isArray(raw) ? "array" : typeof raw} into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" } (${summarizeBody(text)})`,
    );
  }
  const obj = raw as Record<string, unknown>;
  if (info.custom) {
    // Custom resources are decoded as unstructured objects, which need both; built-ins are defaulted
    // from the URL.
    if (obj["kind"] === undefined || obj["kind"] === "")
      throw badRequest(
        `the object provided is unrecognized (must be of type ${expectedKind}): Object 'Kind' is missing in '${text}' (${summarizeBody(text)})`,
      );
    if (obj["apiVersion"] === undefined || obj["apiVersion"] === "")
      throw badRequest(`the API version in the data () does not match the expected API version (${expectedVersion})`);
    const err = objectMetaDecodeError(obj["metadata"], info.schemaRelease);
    const version = expectedVersion.split("/").at(-1) ?? expectedVersion;
    if (err)
      throw badRequest(`${String(obj["kind"])} in version ${JSON.stringify(version)} cannot be handled as a ${expectedKind}: ${err}`);
  }
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
    const err = builtinDecodeError(expectedVersion, expectedKind, obj, info.schemaRelease);
    const version = expectedVersion.split("/").at(-1) ?? expectedVersion;
    if (err)
      throw badRequest(`${String(obj["kind"])} in version ${JSON.stringify(version)} cannot be handled as a ${expectedKind}: ${err}`);
  }
  if (!obj["metadata"] || typeof obj["metadata"] !== "object" || Array.isArray(obj["metadata"])) obj["metadata"] = {};
  return obj as KubeObject;
}
