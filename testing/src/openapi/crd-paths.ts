// The paths a custom resource's operations publish, as apiextensions-apiserver's builder writes them for
// v2 (operation ids, x-kubernetes-action, the group-version-kind, query parameters, responses), and the
// same operations in v3's spelling (parameter schemas, request bodies and responses per media type).
// Query parameter descriptions are the built-in document's own (the same apimachinery option types).
import type { ResourceInfo } from "../registry/resource-info.js";
import { builtinDocuments, type Json, type OpenApiRelease } from "./builtin-documents.js";
import { crdDefinitionName, metaRef, withoutV2Copies, type OpenApiVersion } from "./crd-schema.js";

const LIST_PARAMS = [
  "allowWatchBookmarks",
  "continue",
  "fieldSelector",
  "labelSelector",
  "limit",
  "resourceVersion",
  "resourceVersionMatch",
  "timeoutSeconds",
  "watch",
];
const WRITE_PARAMS = ["dryRun", "fieldManager", "fieldValidation"];
const DELETE_PARAMS = ["dryRun", "gracePeriodSeconds", "orphanDependents", "propagationPolicy"];
const JSON_YAML = ["application/json", "application/yaml"];
const PATCH_TYPES = ["application/json-patch+json", "application/merge-patch+json", "application/apply-patch+yaml"];

/** The query parameters each release's builder gives a custom resource's operations, in its order. */
interface ParameterSet {
  list: string[];
  write: string[];
  patch: string[];
  delete: string[];
  /** Whether an operation takes a parameter's description from a built-in operation of the same method (1.37's patch fieldManager says it is required for apply). */
  byMethod: boolean;
}

const PARAMETER_SETS: Record<OpenApiRelease, ParameterSet> = {
  "1.24": { list: LIST_PARAMS, write: WRITE_PARAMS, patch: WRITE_PARAMS, delete: DELETE_PARAMS, byMethod: false },
  "1.37": {
    list: [...LIST_PARAMS, "sendInitialEvents", "shardSelector"].sort(),
    write: WRITE_PARAMS,
    patch: [...WRITE_PARAMS, "force"],
    delete: [...DELETE_PARAMS, "ignoreStoreReadErrorWithClusterBreakingPotential"].sort(),
    byMethod: true,
  },
};

const queryParams = new Map<OpenApiRelease, Map<string, Json>>();

/** A built-in v2 parameter, with a `$ref` into the document's shared `parameters` (1.37 shares them) resolved. */
function resolved(p: Json, shared: Json): Json {
  const ref = p["$ref"];
  return typeof ref === "string" ? ((shared[ref.slice("#/parameters/".length)] ?? {}) as Json) : p;
}

/**
 * A release's built-in query parameters by name, and by method and name, first occurrence in its v2
 * document, for their descriptions.
 */
function queryParamsOf(release: OpenApiRelease): (name: string, method?: string) => Json {
  let params = queryParams.get(release);
  if (!params) {
    const found = new Map<string, Json>();
    const doc = builtinDocuments(release).v2;
    const shared = (doc["parameters"] ?? {}) as Json;
    for (const ops of Object.values(doc["paths"] as Record<string, Json>))
      for (const [method, op] of [["", ops], ...Object.entries(ops)] as [string, Json][])
        for (const p of ((op["parameters"] ?? []) as Json[]).map((x) => resolved(x, shared))) {
          if (p["in"] !== "query") continue;
          for (const key of [String(p["name"]), `${method} ${String(p["name"])}`]) if (!found.has(key)) found.set(key, p);
        }
    queryParams.set(release, (params = found));
  }
  const known = params;
  const byMethod = PARAMETER_SETS[release].byMethod;
  return (name, method) =>
    (byMethod && method ? known.get(`${method} ${name}`) : undefined) ??
    known.get(name) ?? { uniqueItems: true, type: "string", name, in: "query" };
}

/**
 * 1.37's v2 document shares parameters: an operation's parameter identical to one of the built-in
 * document's `parameters` is a `$ref` to it, as the real server publishes custom resources' paths
 * (checked against every parameter of the recorded Foo, Gadget and Dial paths); the others stay inline.
 */
function shareParameters(release: OpenApiRelease, paths: Record<string, Json>): Record<string, Json> {
  const shared = (builtinDocuments(release).v2["parameters"] ?? {}) as Record<string, Json>;
  const byText = new Map(Object.entries(shared).map(([name, p]) => [canonical(p), `#/parameters/${name}`]));
  const share = (list: Json[]): Json[] =>
    list.map((p) => {
      const ref = byText.get(canonical(p));
      return ref ? { $ref: ref } : p;
    });
  return Object.fromEntries(
    Object.entries(paths).map(([path, ops]) => [
      path,
      Object.fromEntries(
        Object.entries(ops).map(([k, o]) => {
          if (k === "parameters") return [k, share(o as Json[])];
          const op = o as Json;
          return [k, op["parameters"] ? { ...op, parameters: share(op["parameters"] as Json[]) } : op];
        }),
      ),
    ]),
  );
}

/** JSON with object keys sorted, so two parameters compare by content whatever order their keys came in. */
function canonical(x: unknown): string {
  return JSON.stringify(x, (_k, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

function pathParam(name: string, description: string): Json {
  return { uniqueItems: true, type: "string", description, name, in: "path", required: true };
}

/** "samplecontroller.k8s.io" → "Samplecontroller", "gadgets.example.com" → "GadgetsExampleCom" (as the builder camel-cases). */
function groupWord(group: string): string {
  const parts = group.endsWith(".k8s.io") ? [group.slice(0, -".k8s.io".length)] : group.split(".");
  return parts.map((p) => p.replace(/(^|-)([a-z])/g, (_, _d: string, c: string) => c.toUpperCase())).join("");
}

interface OperationSpec {
  method: string;
  verb: string;
  action: string;
  description: string;
  params: Json[];
  body?: string;
  consumes?: string[];
  responses: Record<string, string>;
}

/** One resource's v2 paths (the operations its verbs and subresources allow). */
function v2Paths(release: OpenApiRelease, info: ResourceInfo): Record<string, Json> {
  const queryParam = queryParamsOf(release);
  const set = PARAMETER_SETS[release];
  const { group, version, kind, resource } = info;
  const def = `#/definitions/${crdDefinitionName(group, version, kind)}`;
  const listDef = `#/definitions/${crdDefinitionName(group, version, info.listKind)}`;
  const status = metaRef("v2", "Status");
  const tag = `${groupWord(group).replace(/^./, (c) => c.toLowerCase())}_${version}`;
  const idWord = `${groupWord(group)}${version.replace(/^./, (c) => c.toUpperCase())}`;
  const ns = info.namespaced ? "Namespaced" : "";
  const base = `/apis/${group}/${version}`;
  const scoped = info.namespaced ? `${base}/namespaces/{namespace}/${resource}` : `${base}/${resource}`;
  const nsParam = info.namespaced ? [pathParam("namespace", "object name and auth scope, such as for teams and projects")] : [];
  const op = (s: OperationSpec, id: string): [string, Json] => [
    s.method,
    {
      description: s.description,
      consumes: s.consumes ?? JSON_YAML,
      produces: JSON_YAML,
      schemes: ["https"],
      tags: [tag],
      operationId: id,
      ...(s.params.length > 0 || s.body
        ? {
            parameters: [
              ...(s.body
                ? [{ name: "body", in: "body", ...(s.method === "delete" ? {} : { required: true }), schema: { $ref: s.body } }]
                : []),
              ...s.params,
            ],
          }
        : {}),
      responses: {
        ...Object.fromEntries(
          Object.entries(s.responses).map(([code, ref]) => [
            code,
            { description: { "200": "OK", "201": "Created", "202": "Accepted" }[code], schema: { $ref: ref } },
          ]),
        ),
        "401": { description: "Unauthorized" },
      },
      "x-kubernetes-action": s.action,
      "x-kubernetes-group-version-kind": { group, kind, version },
    },
  ];
  const write = set.write.map((n) => queryParam(n));
  const out: Record<string, Json> = {};
  const add = (path: string, pathParams: Json[], ops: [string, Json][]): void => {
    if (ops.length > 0) out[path] = { ...Object.fromEntries(ops), parameters: [...pathParams, queryParam("pretty")] };
  };
  const can = (verb: string): boolean => info.verbs.includes(verb);
  if (info.namespaced && can("list"))
    out[`${base}/${resource}`] = {
      ...Object.fromEntries([
        op(
          {
            method: "get",
            verb: "list",
            action: "list",
            description: `list objects of kind ${kind}`,
            params: [],
            responses: { "200": listDef },
          },
          `list${idWord}${kind}ForAllNamespaces`,
        ),
      ]),
      parameters: [...set.list.map((n) => queryParam(n)), queryParam("pretty")].sort((a, b) =>
        String(a["name"]).localeCompare(String(b["name"])),
      ),
    };
  add(scoped, nsParam, [
    ...(can("list")
      ? [
          op(
            {
              method: "get",
              verb: "list",
              action: "list",
              description: `list objects of kind ${kind}`,
              params: set.list.map((n) => queryParam(n)),
              responses: { "200": listDef },
            },
            `list${idWord}${ns}${kind}`,
          ),
        ]
      : []),
    ...(can("create")
      ? [
          op(
            {
              method: "post",
              verb: "create",
              action: "post",
              description: `create a ${kind}`,
              params: write,
              body: def,
              responses: { "200": def, "201": def, "202": def },
            },
            `create${idWord}${ns}${kind}`,
          ),
        ]
      : []),
    ...(can("deletecollection")
      ? [
          op(
            {
              method: "delete",
              verb: "deletecollection",
              action: "deletecollection",
              description: `delete collection of ${kind}`,
              params: set.list.map((n) => queryParam(n)),
              responses: { "200": status },
            },
            `delete${idWord}Collection${ns}${kind}`,
          ),
        ]
      : []),
  ]);
  const named = [...nsParam, pathParam("name", `name of the ${kind}`)].sort((a, b) => String(a["name"]).localeCompare(String(b["name"])));
  const object = (sub: string, what: string): [string, Json][] => {
    const suffix = sub ? sub[0]!.toUpperCase() + sub.slice(1) : "";
    const of = sub ? `${sub} of the specified ${kind}` : `the specified ${kind}`;
    const ref = sub === "scale" ? "#/definitions/io.k8s.api.autoscaling.v1.Scale_v2" : def;
    return [
      op(
        {
          method: "get",
          verb: "get",
          action: "get",
          description: `read ${of}`,
          params: [queryParam("resourceVersion")],
          responses: { "200": ref },
        },
        `read${idWord}${ns}${kind}${suffix}`,
      ),
      op(
        {
          method: "put",
          verb: "update",
          action: "put",
          description: `replace ${of}`,
          params: write,
          body: ref,
          responses: { "200": ref, "201": ref },
        },
        `replace${idWord}${ns}${kind}${suffix}`,
      ),
      ...(sub
        ? []
        : [
            op(
              {
                method: "delete",
                verb: "delete",
                action: "delete",
                description: `delete a ${kind}`,
                params: set.delete.map((n) => queryParam(n, "delete")),
                body: metaRef("v2", "DeleteOptions"),
                responses: { "200": status, "202": status },
              },
              `delete${idWord}${ns}${kind}`,
            ),
          ]),
      op(
        {
          method: "patch",
          verb: "patch",
          action: "patch",
          description: `partially update ${of}`,
          params: set.patch.map((n) => queryParam(n, "patch")),
          body: "#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.Patch",
          consumes: PATCH_TYPES,
          responses: { "200": ref },
        },
        `patch${idWord}${ns}${kind}${suffix}`,
      ),
    ]
      .filter(([m]) => (m === "get" ? can("get") : m === "put" ? can("update") : m === "delete" ? can("delete") : can("patch")))
      .map(([m, o]) => [m, { ...o, description: String(o["description"]).replace("the specified", what) }] as [string, Json]);
  };
  add(`${scoped}/{name}`, named, object("", "the specified"));
  if (info.statusSubresource) add(`${scoped}/{name}/status`, named, object("status", "the specified"));
  if (info.scale) add(`${scoped}/{name}/scale`, named, object("scale", "the specified"));
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

/** A v2 operation in v3's spelling. */
function toV3Operation(release: OpenApiRelease, o: Json): Json {
  const refV3 = (ref: unknown): Json => ({ $ref: String(ref).replace("#/definitions/", "#/components/schemas/").replace(/_v2$/, "") });
  const produces = (o["produces"] ?? JSON_YAML) as string[];
  const params = (o["parameters"] ?? []) as Json[];
  const body = params.find((p) => p["in"] === "body");
  const out: Json = { tags: o["tags"], description: o["description"], operationId: o["operationId"] };
  const rest = params.filter((p) => p["in"] !== "body").map(toV3Parameter);
  if (rest.length > 0) out["parameters"] = rest;
  if (body)
    out["requestBody"] = {
      content: Object.fromEntries(
        ((o["consumes"] ?? JSON_YAML) as string[]).map((t) => [t, { schema: refV3((body["schema"] as Json)["$ref"]) }]),
      ),
      // 1.37's converter carries a required body over; 1.24's dropped it.
      ...(release !== "1.24" && body["required"] === true ? { required: true } : {}),
    };
  out["responses"] = Object.fromEntries(
    Object.entries(o["responses"] as Record<string, Json>).map(([code, r]) => [
      code,
      r["schema"]
        ? {
            description: r["description"],
            content: Object.fromEntries(produces.map((t) => [t, { schema: refV3((r["schema"] as Json)["$ref"]) }])),
          }
        : { description: r["description"] },
    ]),
  );
  out["x-kubernetes-action"] = o["x-kubernetes-action"];
  out["x-kubernetes-group-version-kind"] = o["x-kubernetes-group-version-kind"];
  return out;
}

function toV3Parameter(p: Json): Json {
  const { name, in: where, description, required, type, uniqueItems } = p;
  return { name, in: where, ...(description ? { description } : {}), ...(required ? { required } : {}), schema: { type, uniqueItems } };
}

/** A custom resource's paths in the document `v`, with `release`'s parameter descriptions. */
export function crdPaths(release: OpenApiRelease, v: OpenApiVersion, info: ResourceInfo): Record<string, Json> {
  const paths = v2Paths(release, info);
  if (v === "v2") return release === "1.24" ? paths : shareParameters(release, withoutV2Copies(paths));
  return Object.fromEntries(
    Object.entries(paths).map(([path, ops]) => [
      path,
      Object.fromEntries(
        Object.entries(ops).map(([k, o]) => [k, k === "parameters" ? (o as Json[]).map(toV3Parameter) : toV3Operation(release, o as Json)]),
      ),
    ]),
  );
}
