// The built-in schema table is derived from the 1.24 server's OpenAPI document; this re-derives it and
// checks the committed table is exactly that, then spot-checks the TypeInfo built from it.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  BUILTIN_DEFINITIONS,
  builtinKinds,
  builtinResourceSchema,
  type Definitions,
  type JsonObject,
  type JsonValue,
  type ListType,
  type MapType,
} from "../../../src/testing/patch/index.js";
import { BUILTIN_DEFINITION_ROOTS } from "../../../src/testing/patch/builtin-definitions.js";
import { readOpenApi124 } from "../../helpers/fixtures.js";

const KEEP = new Set(["type", "format", "properties", "items", "additionalProperties", "$ref"]);
const DROP_EXT = new Set(["x-kubernetes-group-version-kind", "x-kubernetes-unions"]);

function prune(s: JsonValue): JsonValue {
  if (typeof s !== "object" || s === null || Array.isArray(s)) return s;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === "properties") out[k] = Object.fromEntries(Object.entries(v as JsonObject).map(([pk, pv]) => [pk, prune(pv)]));
    else if (KEEP.has(k)) out[k] = prune(v);
    else if (k.startsWith("x-kubernetes-") && !DROP_EXT.has(k)) out[k] = v;
  }
  return out;
}

function refs(s: JsonValue, acc: string[]): void {
  if (Array.isArray(s)) s.forEach((x) => refs(x, acc));
  else if (typeof s === "object" && s !== null) {
    for (const [k, v] of Object.entries(s)) {
      if (k === "$ref" && typeof v === "string") acc.push(v.split("/").at(-1)!);
      else refs(v, acc);
    }
  }
}

test("BUILTIN_DEFINITIONS is the pruned closure of its roots in the 1.24 OpenAPI document", () => {
  const defs = (readOpenApi124() as { definitions: Definitions }).definitions;
  const out: Definitions = {};
  const todo = [...BUILTIN_DEFINITION_ROOTS];
  while (todo.length > 0) {
    const name = todo.pop()!;
    if (name in out) continue;
    out[name] = prune(defs[name]!) as JsonObject;
    const acc: string[] = [];
    refs(out[name]!, acc);
    todo.push(...acc);
  }
  assert.deepEqual(Object.keys(BUILTIN_DEFINITIONS).sort(), Object.keys(out).sort());
  assert.deepEqual(BUILTIN_DEFINITIONS, out);
});

test("every table kind resolves, and Deployment's lists carry their identities and patch strategies", () => {
  for (const k of builtinKinds()) {
    const [kind, ...gv] = k.split("/").reverse();
    assert.ok(builtinResourceSchema(gv.reverse().join("/"), kind!), k);
  }
  const d = builtinResourceSchema("apps/v1", "Deployment")!.type as MapType;
  const podSpec = ((d.fields["spec"] as MapType).fields["template"] as MapType).fields["spec"] as MapType;
  const containers = podSpec.fields["containers"] as ListType;
  assert.deepEqual([containers.listType, containers.keys, containers.patch?.mergeKey], ["map", ["name"], "name"]);
  const ports = (containers.elem as MapType).fields["ports"] as ListType;
  assert.deepEqual([ports.listType, ports.keys, ports.patch?.mergeKey], ["map", ["containerPort", "protocol"], "containerPort"]);
  assert.equal((podSpec.fields["tolerations"] as ListType).listType, "atomic");
  assert.deepEqual((d.fields["spec"] as MapType).fieldPatch?.["strategy"], { strategies: ["retainKeys"] });
  const meta = d.fields["metadata"] as MapType;
  assert.equal((meta.fields["finalizers"] as ListType).listType, "set");
  assert.equal(((meta.fields["ownerReferences"] as ListType).elem as MapType).atomic, true);
  assert.equal(((d.fields["spec"] as MapType).fields["selector"] as MapType).atomic, true);
  assert.equal(builtinResourceSchema("example.com/v1", "Widget"), undefined);
});
