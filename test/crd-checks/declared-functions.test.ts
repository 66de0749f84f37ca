// The functions the CEL environments declare (apiextensions/src/crd-checks/cel/declared-functions.ts,
// read off k8s.io/apiserver v0.37.2 by hack/cel-declarations): a rule calling any other name is
// refused as cel-go refuses it, by the release whose environment lacks it, and the committed table is
// what the Go program prints (where Go and the pinned modules are at hand).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { checkCrd } from "../../apiextensions/src/crd-checks/index.js";
import { declaredFunctions } from "../../apiextensions/src/crd-checks/cel/declarations.js";
import { specCrd } from "../fixtures/apiserver-1.37/example-crd.js";

type Json = Record<string, unknown>;
const repo = join(import.meta.dirname, "../..");

/** The Thing CRD whose spec's string `a` has `rule`. */
const crdWithRule = (rule: string): Json =>
  specCrd("things", { type: "object", properties: { a: { type: "string", maxLength: 10, "x-kubernetes-validations": [{ rule }] } } });

const messages = (crd: Json, serverVersion: number): string[] => checkCrd(crd, { serverVersion }).map((p) => p.message);

test("a misspelt method or function is an undeclared reference at its parenthesis", () => {
  const [m] = messages(crdWithRule("self.startWith('x')"), 37);
  assert.match(
    m ?? "",
    /compilation failed: ERROR: <input>:1:15: undeclared reference to 'startWith' \(in container ''\)\n \| self\.startWith\('x'\)\n \| \.{14}\^/,
  );
  const [g] = messages(crdWithRule("size2(self) > 0"), 37);
  assert.match(g ?? "", /ERROR: <input>:1:6: undeclared reference to 'size2' \(in container ''\)/);
});

test("a library function is declared from the release whose environment has it", () => {
  // quantity() came with 1.28's environment, so a 1.29 server (compiling in 1.28's) has it.
  assert.match(messages(crdWithRule("quantity(self).isInteger()"), 28).join("\n"), /undeclared reference to 'quantity'/);
  assert.deepEqual(messages(crdWithRule("quantity(self).isInteger()"), 29), []);
  // The lists extension's sort() came with 1.34's environment.
  assert.match(messages(crdWithRule("['b', 'a'].sort()[0] == self"), 34).join("\n"), /undeclared reference to 'sort'/);
  assert.deepEqual(messages(crdWithRule("['b', 'a'].sort()[0] == self"), 35), []);
  assert.ok(declaredFunctions(22).has("startsWith") && !declaredFunctions(22).has("quantity"));
  assert.ok(declaredFunctions(36).has("format.dns1123Label") && declaredFunctions(36).has("@sortByAssociatedKeys"));
});

const go = spawnSync("go", ["version"], { encoding: "utf8" });
test(
  "the committed table is what k8s.io/apiserver v0.37.2 declares",
  { skip: go.error ? "go is not on PATH: the table was not regenerated" : false },
  (t) => {
    // Offline: the pinned modules come from the module cache or the check is skipped, saying so.
    const env = { ...process.env, GOPROXY: "off", GOFLAGS: "-mod=mod", GOWORK: "off", GOTOOLCHAIN: "local" };
    const list = spawnSync("go", ["list", "-deps", "."], { cwd: join(repo, "hack/cel-declarations"), env, encoding: "utf8" });
    if (list.status !== 0) {
      t.skip(`the pinned Go modules are not in the local module cache (${list.stderr.trim().split("\n").at(-1) ?? ""})`);
      return;
    }
    const verify = spawnSync(process.execPath, ["--import", "tsx", "scripts/update-cel-declarations.ts", "--verify"], {
      cwd: repo,
      env,
      encoding: "utf8",
    });
    assert.equal(verify.status, 0, verify.stderr);
  },
);
