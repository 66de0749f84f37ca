// Property tests: algebraic laws the ownership code relies on, over random inputs.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  applyJsonPatch,
  applyMergePatch,
  compare,
  FieldSet,
  toFieldSet,
  UNTYPED,
  type JsonValue,
} from "../../../testing/src/patch/index.js";

const element = fc.oneof(
  fc.constantFrom("a", "b", "c").map((n) => `f:${n}`),
  fc.constantFrom('k:{"name":"x"}', 'v:"y"', "i:0"),
);
const path = fc.array(element, { minLength: 1, maxLength: 4 });
const fieldSet = fc.array(path, { maxLength: 8 }).map((ps) => FieldSet.of(...ps));
const json: fc.Arbitrary<JsonValue> = fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<JsonValue>;
// fast-check builds null-prototype objects; spread them into plain ones like decoded JSON.
const object = fc
  .dictionary(fc.constantFrom("a", "b", "c", "d"), json, { maxKeys: 4 })
  .map((o) => JSON.parse(JSON.stringify(o)) as Record<string, JsonValue>);

test("fieldsV1 round-trips every set", () => {
  fc.assert(fc.property(fieldSet, (s) => FieldSet.fromFieldsV1(s.toFieldsV1()).equals(s)));
});

test("set algebra laws: (a ∪ b) − b ⊆ a, a ∩ b ⊆ a, a − a = ∅, recursiveDifference ⊆ difference", () => {
  fc.assert(
    fc.property(fieldSet, fieldSet, (a, b) => {
      assert.ok(a.union(b).difference(b).difference(a).isEmpty());
      assert.ok(a.intersection(b).difference(a).isEmpty());
      assert.ok(a.difference(a).isEmpty());
      assert.ok(a.recursiveDifference(b).difference(a.difference(b)).isEmpty());
      for (const p of a.paths()) assert.ok(a.union(b).has(p));
    }),
  );
});

test("compare of a value with itself finds no change; against nothing, everything is added", () => {
  fc.assert(
    fc.property(object, (o) => {
      const same = compare(o, structuredClone(o), UNTYPED);
      assert.ok(same.added.isEmpty() && same.removed.isEmpty() && same.modified.isEmpty());
      const fresh = compare({}, o, UNTYPED);
      assert.ok(fresh.removed.isEmpty() && fresh.modified.isEmpty());
      assert.ok(toFieldSet(o, UNTYPED).difference(fresh.added).isEmpty());
    }),
  );
});

test("merge patch is idempotent and a JSON patch add followed by remove restores the object", () => {
  fc.assert(
    fc.property(object, object, (target, patch) => {
      const once = applyMergePatch(target, patch);
      assert.deepEqual(applyMergePatch(once, patch), once);
    }),
  );
  fc.assert(
    fc.property(object, json, (target, value) => {
      const key = "new-key";
      const added = applyJsonPatch(target, [{ op: "add", path: `/${key}`, value }]);
      assert.ok(added.ok);
      const removed = applyJsonPatch(added.value, [{ op: "remove", path: `/${key}` }]);
      assert.ok(removed.ok);
      assert.deepEqual(removed.value, target);
    }),
  );
});
