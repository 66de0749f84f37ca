// RFC 6902 JSON patch: the operations, the RFC's error cases, and the Status the server answers with.
import { test } from "node:test";
import assert from "node:assert/strict";
import { applyJsonPatch, patchErrorStatus, type JsonValue } from "../../../testing/src/patch/index.js";

function ok(target: JsonValue, ops: JsonValue): JsonValue {
  const r = applyJsonPatch(target, ops);
  assert.ok(r.ok, r.ok ? "" : r.error.cause);
  return r.value;
}

function fails(target: JsonValue, ops: JsonValue): { code: number; cause: string } {
  const r = applyJsonPatch(target, ops);
  assert.ok(!r.ok, "patch should fail");
  return r.error;
}

test("add: object member, array insert, append with '-', whole document", () => {
  assert.deepEqual(ok({ foo: "bar" }, [{ op: "add", path: "/baz", value: "qux" }]), { foo: "bar", baz: "qux" });
  assert.deepEqual(ok({ foo: ["bar", "baz"] }, [{ op: "add", path: "/foo/1", value: "qux" }]), { foo: ["bar", "qux", "baz"] });
  assert.deepEqual(ok({ foo: ["bar"] }, [{ op: "add", path: "/foo/-", value: "x" }]), { foo: ["bar", "x"] });
  assert.deepEqual(ok({ foo: ["bar"] }, [{ op: "add", path: "/foo/1", value: "x" }]), { foo: ["bar", "x"] });
  assert.deepEqual(ok({ foo: 1 }, [{ op: "add", path: "", value: { a: 1 } }]), { a: 1 });
  assert.deepEqual(ok({ foo: "bar" }, [{ op: "add", path: "/child", value: { grandchild: {} } }]), {
    foo: "bar",
    child: { grandchild: {} },
  });
});

test("remove, replace, move, copy", () => {
  assert.deepEqual(ok({ baz: "qux", foo: "bar" }, [{ op: "remove", path: "/baz" }]), { foo: "bar" });
  assert.deepEqual(ok({ foo: ["bar", "qux", "baz"] }, [{ op: "remove", path: "/foo/1" }]), { foo: ["bar", "baz"] });
  assert.deepEqual(ok({ baz: "qux", foo: "bar" }, [{ op: "replace", path: "/baz", value: "boo" }]), { baz: "boo", foo: "bar" });
  assert.deepEqual(
    ok({ foo: { bar: "baz", waldo: "fred" }, qux: { corge: "grault" } }, [{ op: "move", from: "/foo/waldo", path: "/qux/thud" }]),
    { foo: { bar: "baz" }, qux: { corge: "grault", thud: "fred" } },
  );
  assert.deepEqual(ok({ foo: ["all", "grass", "cows", "eat"] }, [{ op: "move", from: "/foo/1", path: "/foo/3" }]), {
    foo: ["all", "cows", "eat", "grass"],
  });
  assert.deepEqual(ok({ a: { b: 1 } }, [{ op: "copy", from: "/a", path: "/c" }]), { a: { b: 1 }, c: { b: 1 } });
});

test("pointer escapes ~0 and ~1", () => {
  assert.deepEqual(
    ok({ "a/b": 1, "m~n": 2 }, [
      { op: "replace", path: "/a~1b", value: 3 },
      { op: "remove", path: "/m~0n" },
    ]),
    { "a/b": 3 },
  );
});

test("test: equal values pass (objects ignore key order), different values fail with the server's generic 422", () => {
  assert.deepEqual(ok({ a: { x: 1, y: [1, 2] } }, [{ op: "test", path: "/a", value: { y: [1, 2], x: 1 } }]), { a: { x: 1, y: [1, 2] } });
  const err = fails({ spec: { replicas: 4 } }, [{ op: "test", path: "/spec/replicas", value: 99 }]);
  assert.equal(err.code, 422);
  assert.match(err.cause, /testing value \/spec\/replicas failed/);
  const r = applyJsonPatch({}, [{ op: "test", path: "/x", value: 1 }]);
  assert.ok(!r.ok);
  assert.deepEqual(patchErrorStatus(r.error), {
    kind: "Status",
    apiVersion: "v1",
    metadata: {},
    status: "Failure",
    message: "the server rejected our request due to an error in our request",
    reason: "Invalid",
    details: {},
    code: 422,
  });
});

test("operations on missing paths fail and leave nothing half-applied", () => {
  const target = { foo: "bar", list: [1] };
  assert.equal(fails(target, [{ op: "add", path: "/baz/bat", value: "qux" }]).code, 422);
  assert.equal(fails(target, [{ op: "remove", path: "/nope" }]).code, 422);
  assert.equal(fails(target, [{ op: "replace", path: "/nope", value: 1 }]).code, 422);
  assert.equal(fails(target, [{ op: "add", path: "/list/5", value: 1 }]).code, 422);
  assert.equal(fails(target, [{ op: "remove", path: "/list/01" }]).code, 422);
  assert.equal(fails(target, [{ op: "move", from: "/foo", path: "/foo/x" }]).code, 422);
  assert.equal(
    fails(target, [
      { op: "add", path: "/foo2", value: 1 },
      { op: "remove", path: "/nope" },
    ]).code,
    422,
  );
  assert.deepEqual(target, { foo: "bar", list: [1] });
});

test("malformed patch documents are 400 BadRequest", () => {
  const err = fails({}, { op: "add" });
  assert.equal(err.code, 400);
  assert.equal(fails({}, ["not an op"]).code, 400);
  assert.equal(fails({}, [{ op: "frobnicate", path: "/a" }]).code, 422);
});
