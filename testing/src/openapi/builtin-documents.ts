// The built-in OpenAPI documents, imported and decoded from the generated data modules on the first
// OpenAPI request only: most test servers never serve OpenAPI, and parsing a 0.4 MB module and
// decoding it costs tens of milliseconds. There is one set per emulated version (kube-apiserver
// 1.37.2's, the default, and 1.24's), each shared by every server in the process and never changed
// (CRD documents are built beside them, not merged into them).
import { gunzipSync } from "node:zlib";

/** An OpenAPI document or schema as decoded JSON. */
export type Json = Record<string, unknown>;

/** The kube-apiserver version whose built-in documents a server publishes (ServerSettings.emulate). */
export type OpenApiRelease = "1.37" | "1.24";

interface BuiltinDocuments {
  /** The v2 (swagger) document of the built-in resources. */
  v2: Json;
  /** The v3 documents by path ("api", "api/v1", "apis/apps", "apis/apps/v1", "version"). */
  v3: Record<string, Json>;
  /** The built-in schemas a custom resource's v3 document copies, where they differ from api/v1's (1.37). */
  crdV3Schemas?: Record<string, Json>;
}

const loading = new Map<OpenApiRelease, Promise<BuiltinDocuments>>();
const decoded = new Map<OpenApiRelease, BuiltinDocuments>();

function decode(base64: string): BuiltinDocuments {
  return JSON.parse(gunzipSync(Buffer.from(base64, "base64")).toString("utf8")) as BuiltinDocuments;
}

/** Loads one release's built-in documents (once per process); call before builtinDocuments(). */
export function loadBuiltinDocuments(release: OpenApiRelease): Promise<BuiltinDocuments> {
  let p = loading.get(release);
  if (!p) {
    p = (
      release === "1.24"
        ? import("./builtin-openapi-data-1.24.js").then((m) => decode(m.BUILTIN_OPENAPI_GZIP_BASE64))
        : import("./builtin-openapi-data-1.37.js").then((m) => decode(m.BUILTIN_OPENAPI_GZIP_BASE64))
    ).then((docs) => {
      decoded.set(release, docs);
      return docs;
    });
    loading.set(release, p);
  }
  return p;
}

/** One release's built-in documents, once loadBuiltinDocuments() has resolved. */
export function builtinDocuments(release: OpenApiRelease): BuiltinDocuments {
  const docs = decoded.get(release);
  if (!docs) throw new Error(`the built-in OpenAPI documents of ${release} are not loaded yet`);
  return docs;
}
