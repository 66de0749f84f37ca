import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { MarkerSet, parseMarkers } from "../../src/markers/index.js";
import { lines, testRegistry } from "./helpers.js";

describe("MarkerSet", () => {
  const parsed = parseMarkers(
    lines(["+demo:method=A,verb=get", "+demo:flag", "+demo:method=B,verb=list", "+demo:str=x"]),
    "type",
    testRegistry(),
  );
  const set = new MarkerSet(parsed.markers);

  it("looks markers up by definition name", () => {
    assert.equal(set.has("demo:flag"), true);
    assert.equal(set.has("demo:nope"), false);
    assert.equal(set.get("demo:str")?.value, "x");
    assert.equal(set.value<string>("demo:str"), "x");
    assert.equal(set.value("demo:nope"), undefined);
  });

  it("returns repeatable markers in source order", () => {
    assert.deepEqual(
      set.all("demo:method").map((m) => (m.value as { name: string }).name),
      ["A", "B"],
    );
    assert.deepEqual(set.all("demo:nope"), []);
  });

  it("lists every marker in source order", () => {
    assert.deepEqual(
      set.list().map((m) => m.name),
      ["demo:method", "demo:flag", "demo:method", "demo:str"],
    );
    assert.equal(set.size, 4);
  });

  it("finds the first present of several names", () => {
    assert.equal(set.first("demo:nope", "demo:str", "demo:flag")?.name, "demo:str");
    assert.equal(set.first("demo:nope"), undefined);
  });

  it("does not let callers change its contents through all()", () => {
    set.all("demo:method").pop();
    assert.equal(set.all("demo:method").length, 2);
  });
});
