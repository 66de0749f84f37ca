// The built-in OpenAPI documents, decoded from builtin-openapi-data.ts on first use only: most test
// servers never serve OpenAPI, and decoding costs tens of milliseconds. The documents are shared by every
// server in the process and never changed (CRD documents are built beside them, not merged into them).
import { gunzipSync } from "node:zlib";
import { BUILTIN_OPENAPI_GZIP_BASE64 } from "./builtin-openapi-data.js";

/** An OpenAPI document or schema as decoded JSON. */
export type Json = Record<string, unknown>;

interface BuiltinDocuments {
  /** The v2 (swagger) document of the built-in resources. */
  v2: Json;
  /** The v3 documents by group-version path ("api/v1", "apis/apps/v1"). */
  v3: Record<string, Json>;
}

let decoded: BuiltinDocuments | undefined;

/** The built-in documents (decoded once per process). */
export function builtinDocuments(): BuiltinDocuments {
  decoded ??= JSON.parse(gunzipSync(Buffer.from(BUILTIN_OPENAPI_GZIP_BASE64, "base64")).toString("utf8")) as BuiltinDocuments;
  return decoded;
}
