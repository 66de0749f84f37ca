// Writes testing/src/openapi/builtin-openapi-data-<release>.ts for each release the test server emulates:
// the recorded OpenAPI v2 document and v3 documents of kube-apiserver 1.37.2 (test/fixtures/openapi-1.37)
// and 1.24 (test/fixtures/openapi), trimmed to the resources the test server serves, each as one gzipped,
// base64 JSON string (the package ships dist/ only, so the server cannot read fixtures).
// openapi-builtin-data.test.ts checks the committed data is current.
//   npx tsx test/testing/openapi-builtin-data.ts write
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync, gunzipSync } from "node:zlib";
import { builtinResources } from "../../testing/src/builtin/resources.js";
import { FIXTURES, readOpenApi124 } from "../helpers/fixtures.js";

type Obj = Record<string, unknown>;

/** A release the test server emulates, with recorded documents. */
export type Release = "1.37" | "1.24";
export const RELEASES: readonly Release[] = ["1.37", "1.24"];

/** A release's generated file, relative to the repository root. */
export function builtinOpenApiDataFile(release: Release): string {
  return `testing/src/openapi/builtin-openapi-data-${release}.ts`;
}

/** Where kube-apiserver 1.37.2's documents were recorded (test/fixtures/openapi-1.37/record.sh). */
const FIXTURES_137 = join(FIXTURES, "openapi-1.37");

function gunzipJson(file: string): Obj {
  return JSON.parse(gunzipSync(readFileSync(file)).toString("utf8")) as Obj;
}

/** 1.37.2's recorded v3 documents by path ("api", "apis/apps/v1", "version"). */
function v3Fixtures137(): Record<string, Obj> {
  const dir = join(FIXTURES_137, "v3");
  return Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f.endsWith(".json.gz"))
      .sort()
      .map((f) => [f.slice(0, -".json.gz".length).replaceAll("__", "/"), gunzipJson(join(dir, f))]),
  );
}

/** The recorded v3 documents: group-version path ("apis/apps/v1") to fixture file. */
export const V3_FIXTURES: Record<string, string> = Object.fromEntries(
  ["api/v1", "apis/apps/v1", "apis/coordination.k8s.io/v1", "apis/events.k8s.io/v1", "apis/apiextensions.k8s.io/v1"].map((gv) => [
    gv,
    join(FIXTURES, "openapi/v3", `${gv.replaceAll("/", "__")}.json.gz`),
  ]),
);

/** A recorded v3 document, decoded. */
export function readV3Fixture(gv: string): Obj {
  return JSON.parse(gunzipSync(readFileSync(V3_FIXTURES[gv] ?? "")).toString("utf8")) as Obj;
}

/** Whether the test server serves what `path` (an OpenAPI path key) addresses. */
function servedPath(path: string): boolean {
  const served = builtinResources("1.37");
  const gvs = new Set(served.map((r) => (r.group ? `apis/${r.group}/${r.version}` : "api/v1")));
  const groups = new Set(served.filter((r) => r.group).map((r) => `apis/${r.group}`));
  const trimmed = path.replace(/^\/|\/$/g, "");
  if (trimmed === "api" || trimmed === "apis" || trimmed === "version" || gvs.has(trimmed) || groups.has(trimmed)) return true;
  const m = /^(api\/v1|apis\/[^/]+\/[^/]+)\/(.*)$/.exec(trimmed);
  if (!m || !gvs.has(m[1] ?? "")) return false;
  const segs = (m[2] ?? "").split("/").filter((s) => s !== "watch");
  const resource = segs[0] === "namespaces" && segs.length > 2 ? segs[2] : segs[0];
  return served.some((r) => (r.group ? `apis/${r.group}/${r.version}` : "api/v1") === m[1] && r.resource === resource);
}

/** The named schemas `root` reaches through `$ref`s under `prefix`. */
function closure(root: unknown, schemas: Obj, prefix: string): Obj {
  const out: Obj = {};
  const visit = (node: unknown): void => {
    for (const m of JSON.stringify(node).matchAll(/"\$ref":"([^"]+)"/g)) {
      const name = (m[1] ?? "").slice(prefix.length);
      if (name in out || !(name in schemas)) continue;
      out[name] = schemas[name];
      visit(schemas[name]);
    }
  };
  visit(root);
  return Object.fromEntries(
    Object.keys(out)
      .sort()
      .map((k) => [k, out[k]]),
  );
}

function servedPaths(paths: Obj): Obj {
  return Object.fromEntries(Object.entries(paths).filter(([p]) => servedPath(p)));
}

/** The whole recorded v2 document of `release`. */
export function recordedV2(release: Release): Obj {
  return release === "1.24" ? (readOpenApi124() as Obj) : gunzipJson(join(FIXTURES_137, "v2.json.gz"));
}

/** The recorded v3 document of `release` at `path` ("apis/apps/v1"). */
export function recordedV3(release: Release, path: string): Obj {
  return release === "1.24" ? readV3Fixture(path) : gunzipJson(join(FIXTURES_137, "v3", `${path.replaceAll("/", "__")}.json.gz`));
}

/**
 * The built-in schemas 1.37.2's v3 documents of custom resources carry (the meta types and Scale),
 * from the recorded Foo, Gadget and Dial documents: its DeleteOptions there lists the group-versions of
 * kube-apiserver's own scheme, which no built-in document does.
 */
function crdV3Schemas137(): Obj {
  const recorded = gunzipJson(join(FIXTURES_137, "real-openapi-crds.json.gz"))["v3"] as Record<string, Obj>;
  const out: Obj = {};
  for (const doc of Object.values(recorded))
    for (const [name, schema] of Object.entries(((doc["components"] as Obj)["schemas"] ?? {}) as Obj))
      if (name.startsWith("io.k8s.api.") || name.startsWith("io.k8s.apimachinery.")) out[name] = schema;
  return Object.fromEntries(
    Object.keys(out)
      .sort()
      .map((k) => [k, out[k]]),
  );
}

/** The trimmed documents the test server serves for built-ins when it emulates `release`. */
export function builtinOpenApiData(release: Release): { v2: Obj; v3: Record<string, Obj>; crdV3Schemas?: Obj } {
  const v2 = recordedV2(release);
  const v2Paths = servedPaths(v2["paths"] as Obj);
  const trimmedV2 = { ...v2, paths: v2Paths, definitions: closure(v2Paths, v2["definitions"] as Obj, "#/definitions/") };
  const recorded = release === "1.24" ? Object.fromEntries(Object.keys(V3_FIXTURES).map((gv) => [gv, readV3Fixture(gv)])) : v3Fixtures137();
  const v3: Record<string, Obj> = {};
  for (const [gv, doc] of Object.entries(recorded)) {
    const paths = servedPaths(doc["paths"] as Obj);
    const components = (doc["components"] ?? {}) as Obj;
    const schemas = (components["schemas"] ?? {}) as Obj;
    v3[gv] = { ...doc, paths, components: { ...components, schemas: closure(paths, schemas, "#/components/schemas/") } };
  }
  return release === "1.24" ? { v2: trimmedV2, v3 } : { v2: trimmedV2, v3, crdV3Schemas: crdV3Schemas137() };
}

/** The generated module's text for `release`. */
export function builtinOpenApiDataSource(release: Release): string {
  const packed = gzipSync(JSON.stringify(builtinOpenApiData(release)), { level: 9 }).toString("base64");
  const lines = packed.match(/.{1,160}/g) ?? [];
  const from = release === "1.24" ? "test/fixtures/openapi" : "test/fixtures/openapi-1.37";
  const server = release === "1.24" ? "kube-apiserver 1.24" : "kube-apiserver 1.37.2";
  return [
    `// Code generated by test/testing/openapi-builtin-data.ts from ${from}. DO NOT EDIT.`,
    `// The recorded ${server} OpenAPI v2 document and v3 documents, trimmed to the built-in resources the`,
    "// test server serves: gzipped JSON { v2, v3: { <path>: document } }.",
    "",
    "/** Base64 of the gzipped documents; decoded once, on the first OpenAPI request. */",
    "export const BUILTIN_OPENAPI_GZIP_BASE64 = [",
    ...lines.map((l) => `  "${l}",`),
    '].join("");',
    "",
  ].join("\n");
}

if (process.argv[2] === "write")
  for (const release of RELEASES)
    writeFileSync(join(import.meta.dirname, "../..", builtinOpenApiDataFile(release)), builtinOpenApiDataSource(release));
