import assert from "node:assert/strict";
import { test } from "node:test";
import { humanDuration, wantsTable } from "../../testing/src/endpoints/table-output.js";

test("ages read like kubectl's (Go duration.HumanDuration)", () => {
  const s = 1000;
  assert.equal(humanDuration(-500), "0s");
  assert.equal(humanDuration(59 * s), "59s");
  assert.equal(humanDuration(119 * s), "119s");
  assert.equal(humanDuration(150 * s), "2m30s");
  assert.equal(humanDuration(3 * 60 * s), "3m");
  assert.equal(humanDuration(90 * 60 * s), "90m");
  assert.equal(humanDuration(5 * 3600 * s + 60 * s), "5h1m");
  assert.equal(humanDuration(30 * 3600 * s), "30h");
  assert.equal(humanDuration(3 * 86400 * s + 3600 * s), "3d1h");
  assert.equal(humanDuration(40 * 86400 * s), "40d");
  assert.equal(humanDuration(3 * 365 * 86400 * s), "3y");
});

test("Table is requested through the Accept header's as=Table;g=meta.k8s.io", () => {
  assert.equal(wantsTable("application/json;as=Table;v=v1;g=meta.k8s.io"), true);
  assert.equal(wantsTable("application/json;as=Table;v=v1;g=meta.k8s.io,application/json"), true);
  assert.equal(wantsTable("application/json"), false);
  assert.equal(wantsTable(undefined), false);
});
