// The CEL cost estimate per server version, against what a real 1.24 server answered
// (test/fixtures/cel-cost-1.24, see PROVENANCE.md): CRDs near the cost limits, and per-rule costs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { checkCrd, checkCrdForServers, crdInvalidStatus, crdName, parseServerVersions } from "../../apiextensions/src/crd-checks/index.js";
import { compileRule } from "../../apiextensions/src/crd-checks/cel/cel-rules.js";
import { celTypeOf } from "../../apiextensions/src/crd-checks/cel/cel-types.js";
import type { InternalSchema } from "../../apiextensions/src/types/index.js";
import { DEFAULT_SERVER_VERSIONS } from "../../apiextensions/src/crd-checks/server-versions.js";
import { defaults } from "../../src/config/index.js";
import { specCrd } from "../fixtures/apiserver-1.37/example-crd.js";

const dir = new URL("../fixtures/cel-cost-1.24/", import.meta.url);
interface Recorded {
  name: string;
  crd: unknown;
  status: number;
  message: string;
}
const crds = (JSON.parse(readFileSync(new URL("crds.json", dir), "utf8")) as { crds: Recorded[] }).crds;
const costs = JSON.parse(readFileSync(new URL("rule-costs.json", dir), "utf8")) as {
  itemSchema: InternalSchema;
  ruleCosts: { rule: string; cost: number | "huge" }[];
};
const byName = (name: string): Recorded => crds.find((c) => c.name === name)!;

test("1.24: every recorded CRD near the cost limits is accepted or rejected as the real server did, with its message", () => {
  assert.ok(crds.length >= 12);
  for (const c of crds) {
    const problems = checkCrd(c.crd, { serverVersion: 24 });
    if (c.status === 201) assert.deepEqual(problems, [], c.name);
    else assert.equal(crdInvalidStatus(crdName(c.crd), problems).message, c.message, c.name);
  }
});

test("1.24: the Gateway API parentRefs rule, duration() comparisons and matches() on unbounded strings are over budget", () => {
  // The cases issue 12 names, each rejected by the real 1.24 server; the default check models it.
  for (const name of ["parentrefs-all-32", "duration-in-list-16", "duration-maxlen-in-list-16", "matches-unbounded-list-16"]) {
    assert.equal(byName(name).status, 422);
    assert.ok(
      checkCrd(byName(name).crd).some((p) => /estimated rule cost exceeds budget/.test(p.message)),
      name,
    );
  }
});

test("1.24: each measured rule's estimated cost is the server's", () => {
  const selfType = celTypeOf(costs.itemSchema, false)!;
  assert.ok(costs.ruleCosts.length >= 40);
  for (const { rule, cost } of costs.ruleCosts) {
    const ours = compileRule(rule, selfType, 24).cost;
    if (cost === "huge") assert.ok(ours > 1e9, `${rule}: ${String(ours)}`);
    else assert.equal(ours, cost, rule);
  }
});

test("1.25 and later size scalars: comparing computed booleans, ints and durations costs 1", () => {
  const selfType = celTypeOf(costs.itemSchema, false)!;
  for (const rule of ["has(self.a) == has(self.b)", "self.a.size() == self.b.size()", "duration(self.a) == duration('0s')"]) {
    assert.ok(compileRule(rule, selfType, 24).cost > 1e9, rule);
    assert.ok(compileRule(rule, selfType, 25).cost < 10, rule);
    assert.equal(compileRule(rule, selfType, 32).cost, compileRule(rule, selfType, 25).cost, rule);
  }
  // Strings of unknown size stay unbounded in every version.
  assert.ok(compileRule("self.a.lowerAscii() == self.b.lowerAscii()", selfType, 32).cost > 1e9);
  // The rest of the estimate is the same.
  for (const { rule, cost } of costs.ruleCosts) if (cost !== "huge") assert.equal(compileRule(rule, selfType, 30).cost, cost, rule);
});

test("a CRD over budget on 1.24 only is partial for 1.24-1.32, rejected for 1.24, fine for the default 1.30-1.32", () => {
  const crd = byName("parentrefs-all-32").crd;
  const wide = checkCrdForServers(crd, [24, 25, 26, 27, 28, 29, 30, 31, 32]);
  assert.deepEqual(wide.rejected, []);
  assert.ok(wide.partial.length > 0);
  for (const p of wide.partial) {
    assert.equal(p.versions, "1.24");
    assert.deepEqual(p.minors, [24]);
  }
  assert.match(wide.partial[0]!.problem.message, /estimated rule cost exceeds budget by factor of more than 100x/);
  assert.deepEqual(checkCrdForServers(crd, [30, 31, 32]), { rejected: [], partial: [], warnings: [] });
  const old = checkCrdForServers(crd, [24]);
  assert.deepEqual(old.partial, []);
  assert.deepEqual(old.rejected, checkCrd(crd, { serverVersion: 24 }));
  // Over budget everywhere: rejected, whatever the factor in each version.
  const everywhere = checkCrdForServers(byName("matches-unbounded-list-16").crd, [24, 32]);
  assert.deepEqual(everywhere.partial, []);
  assert.equal(everywhere.rejected.length, 1);
});

test("--server-versions values", () => {
  // The option's default is the checks' default target: 1.35-1.37.
  assert.equal(defaults.serverVersions, DEFAULT_SERVER_VERSIONS);
  assert.deepEqual(parseServerVersions(defaults.serverVersions), { minors: [35, 36, 37] });
  assert.deepEqual(parseServerVersions("1.30-1.32"), { minors: [30, 31, 32] });
  assert.deepEqual(parseServerVersions("v1.24, 1.32,1.31"), { minors: [24, 31, 32] });
  assert.deepEqual(parseServerVersions("1.24"), { minors: [24] });
  assert.deepEqual(parseServerVersions("1.24-1.37"), { minors: Array.from({ length: 14 }, (_, i) => 24 + i) });
  for (const bad of ["1.40", "1.38", "1.23", "2.1", "1.30-", "1.32-1.30", "", "1.30-1.31-1.32", "latest"]) {
    assert.ok("error" in parseServerVersions(bad), bad);
  }
});

test("each release whose checks differ is checked: a library function counts from its release, a refusal worded two ways is one", () => {
  const rule = (r: string) =>
    specCrd("things", { type: "object", properties: { q: { type: "string", maxLength: 10, "x-kubernetes-validations": [{ rule: r }] } } });
  // quantity() is declared from 1.28's CEL environment, so servers before 1.29 refuse the rule.
  const v = checkCrdForServers(rule("quantity(self).isInteger()"), [25, 26, 27, 28, 29, 30, 37]);
  assert.deepEqual(v.rejected, []);
  assert.deepEqual(
    v.partial.map((p) => p.versions),
    ["1.25-1.28"],
  );
  assert.match(v.partial[0]!.problem.message, /undeclared reference to 'quantity'/);
  // A rule that compiles nowhere is refused by every target, though 1.24-1.33 print it as Go's %#v and 1.34 on as JSON.
  const broken = checkCrdForServers(rule("self.size() >"), [24, 33, 34, 37]);
  assert.deepEqual(broken.partial, []);
  assert.equal(broken.rejected.length, 1);
  assert.match(broken.rejected[0]!.message, /^Invalid value: \{"Rule":"self\.size\(\) \\u003e"/, "worded as the newest target words it");
});
