// Where the recorded reference material lives: test/fixtures/ inside the repository, so a clone
// runs its tests with nothing beside it. test/fixtures/PROVENANCE.md says where it came from.
import { readFileSync } from "node:fs";
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

/** The decoded OpenAPI v2 document of the 1.24 server. */
export function readOpenApi124(): unknown {
  return JSON.parse(gunzipSync(readFileSync(OPENAPI_1_24)).toString("utf8"));
}
