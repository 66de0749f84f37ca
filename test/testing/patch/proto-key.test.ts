// A `__proto__` key is data like any other: the real server stores a ConfigMap whose data has one
// (it is a valid key) whichever patch type adds it. Found by the webhook test's JSON Patch property
// ({} -> {"__proto__": 0}): the patch library assigned keys, which for this one sets the object's
// prototype instead of adding the key, so the key was lost; and a merge patch, whose read of the
// key found Object.prototype, merged the patch's value into it: every object of the server process.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  applyJsonPatch,
  applyMergePatch,
  applyStrategicMergePatch,
  deepCopy,
  serverSideApply,
  UNTYPED,
  type JsonObject,
  type JsonValue,
} from "../../../testing/src/patch/index.js";
import { deepObject } from "../hostile-cases.js";
import { T0, T1, widget, widgetSchema } from "./fixtures.js";

const parse = (text: string) => JSON.parse(text) as JsonObject;

/** `v`'s data holds `__proto__` as its own key with `value`, and its prototype is untouched. */
function assertProtoKey(v: JsonValue, value: JsonValue): void {
  const data = (v as JsonObject)["data"] as JsonObject;
  assert.ok(Object.hasOwn(data, "__proto__"), "an own key");
  assert.deepEqual(Object.getOwnPropertyDescriptor(data, "__proto__")?.value, value);
  assert.equal(Object.getPrototypeOf(data), Object.prototype, "the prototype is untouched");
  assert.equal(({} as { polluted?: unknown }).polluted, undefined, "nothing was merged into Object.prototype");
  assert.equal(JSON.stringify(v), JSON.stringify({ data: JSON.parse(`{"__proto__":${JSON.stringify(value)}}`) as unknown }));
}

for (const value of [0, "v", parse('{"polluted": true}')] as JsonValue[]) {
  const label = JSON.stringify(value);
  test(`a JSON patch adds a __proto__ key (${label}) as a key`, () => {
    const r = applyJsonPatch({ data: {} }, [{ op: "add", path: "/data/__proto__", value }]);
    assert.ok(r.ok);
    assertProtoKey(r.value, value);
  });
  test(`a merge patch adds a __proto__ key (${label}) as a key`, () => {
    assertProtoKey(applyMergePatch({ data: {} }, parse(`{"data":{"__proto__":${label}}}`)), value);
  });
  test(`a strategic merge patch adds a __proto__ key (${label}) as a key`, () => {
    const r = applyStrategicMergePatch({ data: {} }, parse(`{"data":{"__proto__":${label}}}`), UNTYPED);
    assert.ok(r.ok);
    assertProtoKey(r.value, value);
  });
}

test("copies keep a __proto__ key, the fast copy and the one for values nested past the call stack", () => {
  assertProtoKey(deepCopy(parse('{"data":{"__proto__":{"polluted":true}}}')), parse('{"polluted":true}'));
  const deep = parse(`{"data":{"__proto__":${deepObject(9_000)}}}`);
  const copied = deepCopy(deep);
  assert.ok(Object.hasOwn((copied as { data: object }).data, "__proto__"));
});

test("server-side apply merges a __proto__ key as a key", () => {
  const options = { manager: "m", apiVersion: "example.com/v1", time: T0, force: false, schema: widgetSchema };
  const live = serverSideApply(undefined, widget({ size: "s" }, { metadata: { name: "w", labels: { a: "1" } } }), options).object;
  assert.ok(live);
  const config = widget({ size: "s" }, parse('{"metadata":{"name":"w","labels":{"a":"1","__proto__":"v"}}}'));
  const applied = serverSideApply(live, config, { ...options, time: T1 }).object;
  const labels = (applied?.["metadata"] as JsonObject)["labels"] as JsonObject;
  assert.ok(Object.hasOwn(labels, "__proto__") && labels["a"] === "1");
  assert.equal(Object.getPrototypeOf(labels), Object.prototype);
});
