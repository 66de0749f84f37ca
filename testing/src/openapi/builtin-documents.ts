// The built-in OpenAPI documents, imported and decoded from builtin-openapi-data.ts on the first OpenAPI
// request only: most test servers never serve OpenAPI, and parsing the 0.4 MB module and decoding it costs
// tens of milliseconds. The documents are shared by every server in the process and never changed (CRD
// documents are built beside them, not merged into them).
import { gunzipSync } from "node:zlib";

/** An OpenAPI document or schema as decoded JSON. */
export type Json = Record<string, unknown>;

interface BuiltinDocuments {
  /** The v2 (swagger) document of the built-in resources. */
  v2: Json;
  /** The v3 documents by group-version path ("api/v1", "apis/apps/v1"). */
  v3: Record<string, Json>;
}

let loading: Promise<BuiltinDocuments> | undefined;
let decoded: BuiltinDocuments | undefined;

/** Loads the built-in documents (once per process); call before builtinDocuments(). */
export function loadBuiltinDocuments(): Promise<BuiltinDocuments> {
  loading ??= import("./builtin-openapi-data.js").then(({ BUILTIN_OPENAPI_GZIP_BASE64 }) => {
    decoded = JSON.parse(gunzipSync(Buffer.from(BUILTIN_OPENAPI_GZIP_BASE64, "base64")).toString("utf8")) as BuiltinDocuments;
    return decoded;
  });
  return loading;
}

/** The built-in documents, once loadBuiltinDocuments() has resolved. */
export function builtinDocuments(): BuiltinDocuments {
  if (!decoded) throw new Error("the built-in OpenAPI documents are not loaded yet");
  return decoded;
}
