// Where the recorded reference material lives: test/fixtures/ inside the repository, so a clone
// runs its tests with nothing beside it. test/fixtures/PROVENANCE.md says where it came from.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gunzipSync } from "node:zlib";

/** The repository's test/fixtures/ folder. */
export const FIXTURES = resolve(import.meta.dirname, "../fixtures");

/** The recorded kube-apiserver 1.24 transcripts. */
export const TRANSCRIPTS = join(FIXTURES, "apiserver-transcripts");

/** The same server's OpenAPI v2 document, gzipped (3.8 MB as plain JSON). */
export const OPENAPI_1_24 = join(FIXTURES, "openapi/kube-apiserver-1.24-swagger.json.gz");

/** kube-apiserver 1.37.2's OpenAPI v2 document, gzipped (test/fixtures/openapi-1.37/record.sh). */
export const OPENAPI_1_37 = join(FIXTURES, "openapi-1.37/v2.json.gz");

/** The decoded OpenAPI v2 document of the 1.37 server. */
export function readOpenApi137(): unknown {
  return JSON.parse(gunzipSync(readFileSync(OPENAPI_1_37)).toString("utf8"));
}

/** kube-apiserver 1.37.2's OpenAPI v3 schemas (components.schemas of every recorded group version), by name. */
export function readOpenApi137V3Schemas(): Record<string, unknown> {
  const dir = join(FIXTURES, "openapi-1.37/v3");
  const out: Record<string, unknown> = {};
  for (const f of readdirSync(dir)
    .filter((n) => n.endsWith(".json.gz"))
    .sort()) {
    const doc = JSON.parse(gunzipSync(readFileSync(join(dir, f))).toString("utf8")) as {
      components?: { schemas?: Record<string, unknown> };
    };
    Object.assign(out, doc.components?.schemas ?? {});
  }
  return out;
}

/** The decoded OpenAPI v2 document of the 1.24 server. */
export function readOpenApi124(): unknown {
  return JSON.parse(gunzipSync(readFileSync(OPENAPI_1_24)).toString("utf8"));
}
