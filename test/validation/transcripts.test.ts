// Replays the real server's custom-resource writes (validation.json, crud.json, and the merge patches of
// patch.json) through prune → defaults → validate with the Widget CRD, and checks the verdict, the causes
// and the stored spec against what the 1.24 server answered.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { compileSchema, type FieldError } from "../../apiextensions/src/validation/index.js";
import type { JSONSchemaProps } from "../../apiextensions/src/types/index.js";
import { TRANSCRIPTS } from "../helpers/fixtures.js";

const DIR = TRANSCRIPTS;

interface Exchange {
  step: string;
  request: { method: string; path: string; headers: Record<string, string>; body?: unknown };
  response: { status: number; headers: Record<string, string>; body?: Record<string, unknown> };
}

const load = (name: string): Exchange[] => JSON.parse(readFileSync(`${DIR}/${name}`, "utf8")) as Exchange[];
const crd = load("crd_lifecycle.json")[0]?.request.body as { spec: { versions: { schema: { openAPIV3Schema: JSONSchemaProps } }[] } };
const schema = crd.spec.versions[0]?.schema.openAPIV3Schema as JSONSchemaProps;
const validator = compileSchema(schema);
const scale = { specReplicasPath: ".spec.replicas", statusReplicasPath: ".status.replicas", labelSelectorPath: ".status.selector" };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

// RFC 7386 JSON merge patch, enough to rebuild the objects the server patched.
function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObj(patch)) return structuredClone(patch);
  const out: Obj = isObj(target) ? structuredClone(target) : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

// RFC 6902 JSON patch (add/replace/remove), enough for the transcripts' patches; undefined for other ops.
function jsonPatch(target: unknown, ops: unknown): Obj | undefined {
  if (!Array.isArray(ops)) return undefined;
  const out = structuredClone(target) as Obj;
  for (const op of ops as { op: string; path: string; value?: unknown }[]) {
    const parts = op.path
      .split("/")
      .slice(1)
      .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
    const last = parts.pop() ?? "";
    let cur: unknown = out;
    for (const p of parts) cur = Array.isArray(cur) ? cur[Number(p)] : (cur as Obj)[p];
    if (Array.isArray(cur)) {
      const i = last === "-" ? cur.length : Number(last);
      if (op.op === "add") cur.splice(i, 0, op.value);
      else if (op.op === "replace") cur[i] = op.value;
      else if (op.op === "remove") cur.splice(i, 1);
      else return undefined;
    } else if (isObj(cur)) {
      if (op.op === "add" || op.op === "replace") cur[last] = op.value;
      else if (op.op === "remove") delete cur[last];
      else return undefined;
    } else return undefined;
  }
  return out;
}

// Causes that come from object-metadata or kind checks are the test server's job, not this module's.
const isSchemaCause = (c: { field: string }): boolean => !c.field.startsWith("metadata.") && c.field !== "kind";

function unknownFieldWarnings(headers: Record<string, string>): string[] {
  const w = headers["warning"] ?? headers["Warning"] ?? "";
  return [...w.matchAll(/unknown field \\"([^\\]+)\\"/g)].map((m) => m[1] ?? "").filter((p) => !p.startsWith("metadata"));
}

interface Case {
  file: string;
  ex: Exchange;
  body: Obj;
  old: Obj | undefined;
}

/** Picks the writes whose verdict depends on schema validation, with the object the server validated. */
function collectCases(): { cases: Case[]; skipped: string[] } {
  const cases: Case[] = [];
  const skipped: string[] = [];
  for (const file of ["validation.json", "crud.json", "patch.json"]) {
    const stored = new Map<string, Obj>();
    for (const ex of load(file)) {
      const { method, path } = ex.request;
      const m = /\/widgets(?:\/([^/?]+))?(\/[a-z]+)?(?:\?|$)/.exec(path);
      if (!m || !["POST", "PUT", "PATCH"].includes(method)) continue;
      const name =
        m[1] ?? (isObj(ex.request.body) && isObj(ex.request.body["metadata"]) ? String(ex.request.body["metadata"]["name"]) : "");
      const sub = m[2];
      const status = ex.response.status;
      const resBody = ex.response.body;
      const causes = (resBody?.["details"] as { causes?: { field: string }[] } | undefined)?.causes ?? [];
      let body: Obj | undefined;
      const ct = ex.request.headers["Content-Type"] ?? "";
      if ((method === "POST" || method === "PUT") && isObj(ex.request.body)) body = structuredClone(ex.request.body);
      else if (method === "PATCH" && ct === "application/merge-patch+json" && stored.has(name)) {
        body = mergePatch(stored.get(name), ex.request.body) as Obj;
      } else if (method === "PATCH" && ct === "application/json-patch+json" && stored.has(name)) {
        body = jsonPatch(stored.get(name), ex.request.body);
      } else if (method === "PATCH" && ct === "application/apply-patch+yaml" && status === 201 && isObj(ex.request.body)) {
        body = structuredClone(ex.request.body); // server-side apply that creates: the applied object is the body
      }
      const reason =
        sub !== undefined
          ? "subresource"
          : body === undefined
            ? "no full body (JSON/apply patch or malformed)"
            : body["kind"] !== "Widget" || body["apiVersion"] !== "conformance.example.com/v1"
              ? "wrong kind/apiVersion"
              : status !== 422 && status >= 300
                ? `status ${status} decided before validation`
                : status === 422 && !causes.some(isSchemaCause)
                  ? "metadata-only 422"
                  : undefined;
      if (reason === undefined && body) cases.push({ file, ex, body, old: method === "PUT" ? stored.get(name) : undefined });
      else skipped.push(`${file}: ${ex.step} (${reason})`);
      if (status < 300 && isObj(resBody) && sub === undefined) stored.set(name, resBody);
    }
  }
  return { cases, skipped };
}

const key = (e: { field: string; reason: string; message: string }): string => `${e.field} | ${e.reason} | ${e.message}`;

test("replays the server's custom-resource writes", () => {
  const { cases, skipped } = collectCases();
  let checked = 0;
  for (const c of cases) {
    const obj = structuredClone(c.body);
    const pruned = validator.prune(obj);
    validator.applyDefaults(obj);
    const errors: FieldError[] = validator.validate(obj, c.old, { scale });
    const label = `${c.file}: ${c.ex.step}`;
    const res = c.ex.response;
    const want = ((res.body?.["details"] as { causes?: FieldError[] } | undefined)?.causes ?? []).filter(isSchemaCause);
    assert.equal(errors.length > 0, res.status === 422, `${label}: verdict`);
    assert.deepEqual(errors.map(key).sort(), want.map(key).sort(), `${label}: causes`);
    if (c.ex.request.method !== "PATCH") assert.deepEqual(pruned, unknownFieldWarnings(res.headers), `${label}: pruned fields`);
    if (res.status < 300) assert.deepEqual(obj["spec"], res.body?.["spec"], `${label}: stored spec`);
    checked++;
  }
  console.log(`transcript exchanges checked: ${checked}; skipped: ${skipped.length}\n  ${skipped.join("\n  ")}`);
  // validation.json: 18 creates; crud.json: 2 creates and 1 update; patch.json: 1 create, 2 merge patches,
  // 1 JSON patch and 1 creating server-side apply.
  assert.equal(checked, 26);
});

test("the wrong-kind create shows CEL errors surface when schema errors do not block", () => {
  // crud.json "create wrong kind in body": the server skipped schema validation for the kind mismatch and the
  // CEL rule then failed on the missing key; the same rule on the same spec reports the same message here.
  const ex = load("crud.json").find((e) => e.step.startsWith("create wrong kind"));
  const want = (ex?.response.body?.["details"] as { causes: FieldError[] }).causes.find((c) => c.field === "spec");
  const specSchema = schema.properties?.["spec"] as JSONSchemaProps;
  const onlyRules = compileSchema({
    type: "object",
    properties: {
      spec: {
        type: "object",
        "x-kubernetes-preserve-unknown-fields": true,
        "x-kubernetes-validations": specSchema["x-kubernetes-validations"] ?? [],
      },
    },
  });
  const errors = onlyRules.validate({ spec: {} });
  assert.deepEqual(errors, [want]);
});
