// Kubernetes' CEL URL library (url, isURL, getScheme, getHost, getHostname, getPort, getEscapedPath,
// getQuery) with Go's url.ParseRequestURI acceptance: an absolute URI or an absolute path. A URL value is
// an opaque CEL map holding the parsed parts under keys no rule can spell.
import { celFunc, celMethod, CelScalar, isCelMap, listType, mapType, type CelFunc, type CelValue } from "@bufbuild/cel";

import { parseRequestURIError } from "../go-url.js";

const { STRING, BOOL, DYN } = CelScalar;
const URL_TYPE = mapType(STRING, DYN);
const KEY = "\u0000url";

interface ParsedURL {
  scheme: string;
  host: string;
  path: string;
  query: string;
}

/** Go's url.ParseRequestURI, reduced to what the library exposes; undefined when Go would fail (go-url.ts decides). */
export function parseRequestURI(s: string): ParsedURL | undefined {
  if (parseRequestURIError(s) !== undefined) return undefined;
  if (s === "*") return { scheme: "", host: "", path: "*", query: "" };
  if (s.startsWith("/")) return splitPath("", "", s);
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):(.*)$/s.exec(s);
  if (!m) return undefined;
  const scheme = (m[1] ?? "").toLowerCase();
  const rest = m[2] ?? "";
  if (!rest.startsWith("//")) return rest.startsWith("/") ? splitPath(scheme, "", rest) : { scheme, host: "", path: "", query: "" };
  const afterSlashes = rest.slice(2);
  const end = afterSlashes.search(/[/?]/);
  const authority = end < 0 ? afterSlashes : afterSlashes.slice(0, end);
  const host = authority.includes("@") ? authority.slice(authority.lastIndexOf("@") + 1) : authority;
  return splitPath(scheme, host, end < 0 ? "" : afterSlashes.slice(end));
}

function splitPath(scheme: string, host: string, pathAndQuery: string): ParsedURL {
  const q = pathAndQuery.indexOf("?");
  return q < 0
    ? { scheme, host, path: pathAndQuery, query: "" }
    : { scheme, host, path: pathAndQuery.slice(0, q), query: pathAndQuery.slice(q + 1) };
}

function hostname(host: string): string {
  if (host.startsWith("[")) return host.slice(1, host.indexOf("]"));
  const colon = host.lastIndexOf(":");
  return colon < 0 ? host : host.slice(0, colon);
}

function port(host: string): string {
  const colon = host.lastIndexOf(":");
  if (colon < 0 || host.slice(colon).includes("]")) return "";
  return host.slice(colon + 1);
}

function parts(v: CelValue): ParsedURL {
  const raw = isCelMap(v) ? v.get(KEY) : undefined;
  const parsed = typeof raw === "string" ? parseRequestURI(raw) : undefined;
  if (!parsed) throw new Error("not a URL");
  return parsed;
}

function query(q: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (q === "") return out;
  for (const [k, v] of new URLSearchParams(q)) out.set(k, [...(out.get(k) ?? []), v]);
  return out;
}

/** The URL library's functions. */
export const urlLibrary: CelFunc[] = [
  celFunc("url", [STRING], URL_TYPE, (s) => {
    if (!parseRequestURI(s)) throw new Error(`URL parse error during conversion from string: parse "${s}": invalid URI for request`);
    return new Map([[KEY, s]]);
  }),
  celFunc("isURL", [STRING], BOOL, (s) => parseRequestURI(s) !== undefined),
  celMethod("getScheme", URL_TYPE, [], STRING, function () {
    return parts(this).scheme;
  }),
  celMethod("getHost", URL_TYPE, [], STRING, function () {
    return parts(this).host;
  }),
  celMethod("getHostname", URL_TYPE, [], STRING, function () {
    return hostname(parts(this).host);
  }),
  celMethod("getPort", URL_TYPE, [], STRING, function () {
    return port(parts(this).host);
  }),
  celMethod("getEscapedPath", URL_TYPE, [], STRING, function () {
    return parts(this).path;
  }),
  celMethod("getQuery", URL_TYPE, [], mapType(STRING, listType(STRING)), function () {
    return query(parts(this).query);
  }),
];
