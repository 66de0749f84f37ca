import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { MarkerRegistry } from "../../src/markers/index.js";
import { testRegistry } from "./helpers.js";

describe("MarkerRegistry", () => {
  it("looks up, lists sorted by name, and refuses duplicate names", () => {
    const r = testRegistry();
    assert.equal(r.lookup("demo:int")?.name, "demo:int");
    assert.equal(r.lookup("demo:nope"), undefined);
    const names = r.all().map((d) => d.name);
    assert.deepEqual(names, [...names].sort());
    assert.throws(
      () => r.define({ name: "demo:int", targets: ["field"], payload: { kind: "flag" }, help: "", example: "" }),
      /declared twice/,
    );
    assert.throws(() => r.define({ name: "demo:none", targets: [], payload: { kind: "flag" }, help: "", example: "" }), /no targets/);
  });

  it("normalises namespaces and matches whole segments only", () => {
    const r = new MarkerRegistry().addNamespace("k8s:").addNamespace("k8s").addNamespace("optional");
    assert.deepEqual(r.knownNamespaces, ["k8s", "optional"]);
    assert.equal(r.inKnownNamespace("k8s:foo"), true);
    assert.equal(r.inKnownNamespace("k8s"), true);
    assert.equal(r.inKnownNamespace("k8sfoo"), false);
    assert.equal(r.inKnownNamespace("optionally"), false);
    assert.equal(r.inKnownNamespace("Optional"), true);
  });

  it("resolves args markers by their longest declared prefix, one argument segment deep", () => {
    const r = testRegistry();
    assert.deepEqual(r.resolve("demo:column:name"), { def: r.lookup("demo:column"), leadingArg: "name" });
    assert.equal(r.resolve("demo:column:name:extra"), undefined);
    assert.equal(r.resolve("demo:int:x"), undefined);
    assert.deepEqual(r.resolve("demo:int"), { def: r.lookup("demo:int") });
  });

  it("suggests names for misspellings", () => {
    assert.deepEqual(testRegistry().suggest("demo:columm", "type"), ["demo:column"]);
    assert.deepEqual(testRegistry().suggest("zzz"), []);
  });
});
