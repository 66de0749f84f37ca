import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { JSONSchemaProps } from "../../src/vocab/index.js";
import { apply, misuse, ok, parse } from "./helpers.js";

const items: JSONSchemaProps = { type: "object", properties: { name: { type: "string" }, port: { type: "integer" } } };
const list: JSONSchemaProps = { type: "array", items };
const map: JSONSchemaProps = { type: "object", additionalProperties: { type: "string" } };

describe("listType, listMapKey, mapType, structType", () => {
  for (const prefix of ["+", "+k8s:"]) {
    it(`${prefix}listType with ${prefix}listMapKey builds an associative list, whatever the order written`, () => {
      assert.deepEqual(ok(list, `${prefix}listMapKey=name`, `${prefix}listMapKey=port`, `${prefix}listType=map`), {
        ...list,
        "x-kubernetes-list-type": "map",
        "x-kubernetes-list-map-keys": ["name", "port"],
      });
    });

    it(`${prefix}listType sets set and atomic lists`, () => {
      assert.deepEqual(ok({ type: "array", items: { type: "string" } }, `${prefix}listType=set`)["x-kubernetes-list-type"], "set");
      assert.deepEqual(ok(list, `${prefix}listType=atomic`)["x-kubernetes-list-type"], "atomic");
    });

    it(`${prefix}mapType and ${prefix}structType set x-kubernetes-map-type`, () => {
      assert.deepEqual(ok(map, `${prefix}mapType=atomic`), { ...map, "x-kubernetes-map-type": "atomic" });
      assert.deepEqual(ok(items, `${prefix}structType=granular`), { ...items, "x-kubernetes-map-type": "granular" });
    });
  }

  it("rejects listType values outside atomic, set, map at parse time", () => {
    const r = parse(["+listType=mapp"]);
    assert.equal(r.diagnostics[0]?.code, "KCG1103");
    assert.equal(r.diagnostics[0]?.hint, "did you mean map?");
    assert.equal(r.diagnostics[0]?.col, 4 + "+listType=".length);
  });

  it("rejects topology markers on the wrong schema types", () => {
    assert.match(misuse({ type: "string" }, "+listType=set"), /listType applies to arrays, not string/);
    assert.match(misuse(list, "+mapType=atomic"), /mapType applies to maps, not array/);
    assert.match(misuse({ type: "string" }, "+structType=atomic"), /structType applies to objects, not string/);
    assert.match(misuse({ type: "string" }, "+listMapKey=name"), /listMapKey applies to arrays/);
  });

  it("requires listType=map for listMapKey", () => {
    const r = apply(list, ["+listType=set", "+listMapKey=name"]);
    assert.deepEqual(r.errors, ["+listMapKey: listMapKey needs +listType=map on the same list"]);
    assert.equal(apply(list, ["+listMapKey=name"]).errors.length, 1);
  });

  it("requires list map keys to be properties of the items", () => {
    const r = apply(list, ["+listType=map", "+listMapKey=nmae"]);
    assert.match(r.errors[0] ?? "", /listMapKey "nmae" is not a property of the list items \(name, port\)/);
  });
});

describe("defaults and examples", () => {
  it("+default takes JSON", () => {
    assert.deepEqual(ok({ type: "string" }, '+default="Always"').default, "Always");
    assert.deepEqual(ok({ type: "integer" }, "+default=3").default, 3);
    assert.deepEqual(ok({ type: "array", items: { type: "integer" } }, "+default=[1,2]").default, [1, 2]);
    assert.deepEqual(ok({ type: "object" }, '+default={"a":{"b":true}}').default, { a: { b: true } });
  });

  it("+default rejects marker-syntax strings with a JSON hint", () => {
    const r = parse(["+default=Always"]);
    assert.equal(r.diagnostics[0]?.code, "KCG1103");
    assert.match(r.diagnostics[0]?.hint ?? "", /double quotes/);
  });

  it("+kubebuilder:default takes marker syntax, including :=", () => {
    assert.equal(ok({ type: "string" }, "+kubebuilder:default=Cluster").default, "Cluster");
    assert.equal(ok({ type: "integer" }, "+kubebuilder:default:=5").default, 5);
    assert.equal(ok({ type: "boolean" }, "+kubebuilder:default=false").default, false);
    assert.deepEqual(ok({ type: "array", items: { type: "integer" } }, "+kubebuilder:default={1,2}").default, [1, 2]);
    assert.deepEqual(ok({ type: "object" }, "+kubebuilder:default={policy: Delete, n: 1}").default, { policy: "Delete", n: 1 });
  });

  it("+kubebuilder:default={} on a list means an empty list", () => {
    assert.deepEqual(ok({ type: "array", items: { type: "string" } }, "+kubebuilder:default={}").default, []);
  });

  it("rejects a default of the wrong type", () => {
    assert.match(misuse({ type: "integer" }, "+kubebuilder:default=abc"), /value "abc" is string but the field is integer/);
    assert.match(misuse({ type: "string" }, "+default=1"), /value 1 is integer but the field is string/);
  });

  it("+kubebuilder:example sets example", () => {
    assert.deepEqual(ok({ type: "object" }, "+kubebuilder:example={a: 1}").example, { a: 1 });
  });

  it("does not share default values between schemas", () => {
    const a = ok({ type: "object" }, '+default={"a":[1]}');
    const b = ok({ type: "object" }, '+default={"a":[1]}');
    (a.default as { a: number[] }).a.push(2);
    assert.deepEqual(b.default, { a: [1] });
  });
});

describe("documentation markers", () => {
  it("+kubebuilder:title sets title", () => {
    assert.equal(ok({ type: "string" }, '+kubebuilder:title="Replica count"')["title"], "Replica count");
  });

  it("+kubebuilder:externalDocs sets externalDocs and checks the URL", () => {
    assert.deepEqual(ok({ type: "string" }, '+kubebuilder:externalDocs:url="https://example.com/x",description="Guide"')["externalDocs"], {
      url: "https://example.com/x",
      description: "Guide",
    });
    assert.deepEqual(ok({ type: "string" }, "+kubebuilder:externalDocs:url=https://example.com")["externalDocs"], {
      url: "https://example.com",
    });
    const r = parse(['+kubebuilder:externalDocs:url="not a url"']);
    assert.equal(r.diagnostics[0]?.code, "KCG1103");
    assert.match(r.diagnostics[0]?.message ?? "", /not an absolute URL/);
  });
});
