// The built-in Tables' one table (testing/src/endpoints/builtin-tables.ts) pairs each resource's columns
// with its printer: every printer must give exactly one cell a column, for a bare object and for the
// recorded objects of its kind, and the resources with an entry are those the recording printed with their own columns.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { BUILTIN_TABLES } from "../../testing/src/endpoints/builtin-tables.js";
import type { KubeObject } from "../../testing/src/storage/store.js";

type Obj = Record<string, unknown>;
interface Fixture {
  columns: Record<string, { name: string }[]>;
  cases: Record<string, { objects?: Obj[] }>;
}

const fixture = JSON.parse(readFileSync(new URL("../fixtures/kubectl-fidelity/builtin-tables.json", import.meta.url), "utf8")) as Fixture;
const age = (): string => "1s";

/** The apps/v1 workloads served since, whose Tables were recorded from 1.37.2 (test/fixtures/protobuf-1.37/<resource>-table.json). */
const RECORDED_1_37 = ["statefulsets", "replicasets", "daemonsets", "controllerrevisions"];

test("the resources with a table are those the real server printed with more than the generic columns", () => {
  const generic = (key: string): boolean => fixture.columns[key]?.map((c) => c.name).join() === "Name,Created At";
  const printed = [...Object.keys(fixture.columns).filter((key) => !generic(key)), ...RECORDED_1_37.map((r) => `apps/${r}`)];
  assert.deepEqual(Object.keys(BUILTIN_TABLES).sort(), printed.sort());
});

for (const [key, table] of Object.entries(BUILTIN_TABLES)) {
  test(`${key}: the printer fills one cell a column`, () => {
    const objects: KubeObject[] = [
      { metadata: { name: "bare" } },
      ...(fixture.cases[key]?.objects ?? []).map((o): KubeObject => ({ metadata: {}, ...o })),
    ];
    for (const o of objects) {
      const row = table.print(o, age);
      assert.equal(row.cells.length, table.columns.length, `${key} ${String(o.metadata["name"])}: ${JSON.stringify(row.cells)}`);
    }
  });
}
