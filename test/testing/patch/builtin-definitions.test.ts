// The built-in schema tables are generated from the 1.24 and 1.37.2 servers' OpenAPI documents
// (test/fixtures/openapi, openapi-1.37) by scripts/update-builtin-definitions.ts; this checks each
// committed table is exactly the script's output (so neither drifts), then spot-checks the TypeInfo
// built from them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  BUILTIN_DEFINITIONS,
  builtinDefinitionName,
  builtinDefinitionsOf,
  builtinKinds,
  builtinResourceSchema,
  type Definitions,
  type ListType,
  type MapType,
} from "../../../testing/src/patch/index.js";
import {
  BUILTIN_DEFINITIONS_FILES,
  builtinDefinitions,
  builtinDefinitionsSource,
  OPENAPI_DOCUMENTS,
  ROOTS,
  type DefinitionsRelease,
} from "../../../scripts/update-builtin-definitions.js";
import { readOpenApi124 } from "../../helpers/fixtures.js";

const openapi = readOpenApi124() as { definitions: Definitions };

for (const release of Object.keys(BUILTIN_DEFINITIONS_FILES) as DefinitionsRelease[])
  test(`the committed ${release} table is exactly what scripts/update-builtin-definitions.ts writes from that release's OpenAPI document`, () => {
    const doc = OPENAPI_DOCUMENTS[release]() as { definitions: Definitions };
    const committed = readFileSync(new URL(`../../../${BUILTIN_DEFINITIONS_FILES[release].file}`, import.meta.url), "utf8");
    assert.equal(committed, builtinDefinitionsSource(doc, release), "stale: run hack/update-codegen.sh");
    assert.deepEqual(builtinDefinitionsOf(release), builtinDefinitions(doc.definitions));
  });

test("a 1.37 container has the fields 1.24's lacks (restartPolicy), and each release's kind is typed by its own table", () => {
  const container = (release: "1.24" | "1.37"): MapType => {
    const d = builtinResourceSchema("apps/v1", "Deployment", release)!.type as MapType;
    const podSpec = ((d.fields["spec"] as MapType).fields["template"] as MapType).fields["spec"] as MapType;
    return (podSpec.fields["initContainers"] as ListType).elem as MapType;
  };
  assert.ok(Object.hasOwn(container("1.37").fields, "restartPolicy"));
  assert.ok(!Object.hasOwn(container("1.24").fields, "restartPolicy"));
});

test("the table holds every $ref it makes, and every built-in kind is one of its roots", () => {
  for (const [name, def] of Object.entries(BUILTIN_DEFINITIONS)) {
    for (const ref of JSON.stringify(def).matchAll(/"#\/definitions\/([^"]+)"/g))
      assert.ok(ref[1]! in BUILTIN_DEFINITIONS, `${name} refers to ${ref[1]}`);
  }
  for (const k of builtinKinds()) {
    const [kind, ...gv] = k.split("/").reverse();
    assert.ok(
      ROOTS.includes(builtinDefinitionName(gv.reverse().join("/"), kind!)!),
      `${k}: add its definition to ROOTS in scripts/update-builtin-definitions.ts`,
    );
  }
  assert.throws(() => builtinDefinitions(openapi.definitions, ["io.k8s.api.core.v1.NoSuchKind"]), /NoSuchKind: no such definition/);
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
