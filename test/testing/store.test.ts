import assert from "node:assert/strict";
import { test } from "node:test";
import { CompactedError, Store, type ChangeEvent, type KubeObject } from "../../testing/src/storage/store.js";

function obj(name: string, v = 1): KubeObject {
  return { metadata: { name }, data: { v } };
}

test("one revision counter across resources; events carry prev objects", () => {
  const s = new Store({ historySize: 100 });
  const seen: ChangeEvent[] = [];
  s.subscribe((e) => seen.push(e));
  s.create("a", "x", obj("x"));
  s.create("b", "y", obj("y"));
  s.update("a", "x", obj("x", 2));
  s.delete("b", "y");
  assert.deepEqual(
    seen.map((e) => [e.rv, e.type, e.resource]),
    [
      [1, "ADDED", "a"],
      [2, "ADDED", "b"],
      [3, "MODIFIED", "a"],
      [4, "DELETED", "b"],
    ],
  );
  assert.equal(seen[3]?.object.metadata["resourceVersion"], "4");
  assert.deepEqual(seen[2]?.prev?.["data"], { v: 1 });
});

test("listAt rebuilds a past snapshot from the change log", () => {
  const s = new Store({ historySize: 100 });
  s.create("a", "ns/b", obj("b"));
  s.create("a", "ns/a", obj("a"));
  const rv = s.revision;
  s.update("a", "ns/a", obj("a", 9));
  s.delete("a", "ns/b");
  s.create("a", "ns/c", obj("c"));
  const then = s.listAt("a", rv);
  assert.deepEqual(
    then.map((o) => [o.metadata["name"], (o["data"] as { v: number }).v]),
    [
      ["a", 1],
      ["b", 1],
    ],
  );
  assert.deepEqual(
    s.list("a").map((o) => o.metadata["name"]),
    ["a", "c"],
  );
});

test("history beyond historySize is compacted: old revisions throw CompactedError", () => {
  const s = new Store({ historySize: 3 });
  for (let i = 0; i < 6; i++) s.create("a", `k${i}`, obj(`k${i}`));
  assert.throws(() => s.eventsSince(1), CompactedError);
  assert.deepEqual(
    s.eventsSince(3).map((e) => e.rv),
    [4, 5, 6],
  );
  s.compactAll();
  assert.throws(() => s.eventsSince(5), CompactedError);
  assert.deepEqual(s.eventsSince(6), []);
});
