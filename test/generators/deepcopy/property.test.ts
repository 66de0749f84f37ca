// Property tests over every example package: for random valid objects the generated copy
// deep-equals the input, shares no object or array with it, and mutating the copy never changes
// the input. Runs the committed generated code (examples/apis/**/zz_generated.deepcopy.ts and each example project's under generated-examples/).
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { resolveOptions } from "../../../src/config/index.js";
import { exampleProjects } from "../../helpers/examples.js";
import { modelFor } from "../../helpers/model.js";
import { arbitraryOfType } from "./arbitrary.js";

function objectsIn(v: unknown, into = new Set<object>()): Set<object> {
  if (v !== null && typeof v === "object") {
    into.add(v);
    for (const k of Object.keys(v)) objectsIn((v as Record<string, unknown>)[k], into);
  }
  return into;
}

function mutateAll(v: unknown): void {
  if (v === null || typeof v !== "object") return;
  for (const k of Object.keys(v)) mutateAll((v as Record<string, unknown>)[k]);
  if (Array.isArray(v)) v.push("mutated");
  else (v as Record<string, unknown>)["mutated-by-test"] = true;
}

for (const project of exampleProjects()) {
  const { options } = resolveOptions({ config: project.config }, project.dir);
  const model = modelFor(options!);
  for (const pkg of model.packages) {
    const file = join(project.apis, pkg.dir, "zz_generated.deepcopy.ts");
    if (!existsSync(file)) continue;
    test(`deep copies of ${pkg.id.group}/${pkg.id.version}`, async () => {
      const mod = (await import(pathToFileURL(file).href)) as Record<string, (x: unknown) => unknown>;
      let checked = 0;
      for (const t of pkg.types) {
        const copy = mod[`deepCopy${t.name}`];
        if (!copy) continue;
        checked++;
        fc.assert(
          fc.property(arbitraryOfType(model, t), (input) => {
            const before = structuredClone(input);
            const out = copy(input);
            assert.deepStrictEqual(out, input);
            const shared = objectsIn(input);
            for (const o of objectsIn(out)) assert.ok(!shared.has(o), `${t.name}: the copy shares an object with the input`);
            mutateAll(out);
            assert.deepStrictEqual(input, before);
          }),
          { numRuns: 150, seed: 20261130 },
        );
      }
      assert.ok(checked > 0, "the package has generated copies");
    });
  }
}
