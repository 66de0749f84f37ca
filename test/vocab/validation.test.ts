import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { applyMarkers, SourceMap } from "../../src/schema/index.js";
import { kubernetesMarkers, type JSONSchemaProps } from "../../src/vocab/index.js";
import { apply, markers, misuse, ok, parse as applyParse } from "./helpers.js";

const str: JSONSchemaProps = { type: "string" };
const int: JSONSchemaProps = { type: "integer", format: "int32" };
const num: JSONSchemaProps = { type: "number" };
const bool: JSONSchemaProps = { type: "boolean" };
const obj: JSONSchemaProps = { type: "object", properties: { a: { type: "string" }, b: { type: "string" }, c: { type: "integer" } } };
const map: JSONSchemaProps = { type: "object", additionalProperties: { type: "string" } };
const arr = (items: JSONSchemaProps): JSONSchemaProps => ({ type: "array", items });
const V = "+kubebuilder:validation:";
const I = "+kubebuilder:validation:items:";

describe("numeric validation markers", () => {
  it("Minimum and Maximum set bounds on the node itself", () => {
    assert.deepEqual(ok(int, `${V}Minimum=1`, `${V}Maximum=10`), { type: "integer", format: "int32", minimum: 1, maximum: 10 });
    assert.deepEqual(ok(num, `${V}Minimum=-0.5`), { type: "number", minimum: -0.5 });
  });

  it("ExclusiveMinimum and ExclusiveMaximum set flags", () => {
    assert.deepEqual(ok(num, `${V}Minimum=0`, `${V}ExclusiveMinimum=true`, `${V}ExclusiveMaximum`), {
      type: "number",
      minimum: 0,
      exclusiveMinimum: true,
      exclusiveMaximum: true,
    });
    assert.deepEqual(ok(num, `${V}ExclusiveMaximum=false`), { type: "number", exclusiveMaximum: false });
  });

  it("MultipleOf sets multipleOf", () => {
    assert.deepEqual(ok(int, `${V}MultipleOf=5`), { ...int, multipleOf: 5 });
    assert.deepEqual(ok(num, `${V}MultipleOf=0.5`), { ...num, multipleOf: 0.5 });
  });

  it("rejects numeric markers on non-numbers", () => {
    assert.equal(misuse(str, `${V}Minimum=1`), "+kubebuilder:validation:Minimum: Minimum applies to numbers, not string");
    assert.match(misuse(str, `${V}Maximum=1`), /Maximum applies to numbers, not string/);
    assert.match(misuse(bool, `${V}ExclusiveMinimum=true`), /ExclusiveMinimum applies to numbers, not boolean/);
    assert.match(misuse(arr(int), `${V}ExclusiveMaximum=true`), /not array/);
    assert.match(misuse(obj, `${V}MultipleOf=2`), /MultipleOf applies to numbers, not object/);
  });

  it("rejects fractional bounds on integers and a non-positive MultipleOf", () => {
    assert.match(misuse(int, `${V}Minimum=1.5`), /not a whole number but the field is an integer/);
    assert.match(misuse(int, `${V}Maximum=2.5`), /not a whole number/);
    assert.match(misuse(int, `${V}MultipleOf=0.5`), /not a whole number/);
    assert.match(misuse(num, `${V}MultipleOf=0`), /greater than 0/);
  });
});

describe("string validation markers", () => {
  it("MinLength, MaxLength and Pattern set their keywords", () => {
    assert.deepEqual(ok(str, `${V}MinLength=1`, `${V}MaxLength=63`, `${V}Pattern=\`^[a-z]+$\``), {
      type: "string",
      minLength: 1,
      maxLength: 63,
      pattern: "^[a-z]+$",
    });
  });

  it("apply to int-or-string values", () => {
    const ios: JSONSchemaProps = { "x-kubernetes-int-or-string": true };
    assert.deepEqual(ok(ios, `${V}Pattern=^\\d+%?$`), { ...ios, pattern: "^\\d+%?$" });
  });

  it("reject strings checks on numbers and negative lengths", () => {
    assert.equal(misuse(num, `${V}MinLength=1`), "+kubebuilder:validation:MinLength: MinLength applies to strings, not number");
    assert.match(misuse(int, `${V}MaxLength=3`), /MaxLength applies to strings, not integer/);
    assert.match(misuse(bool, `${V}Pattern=a`), /Pattern applies to strings, not boolean/);
    assert.match(misuse(str, `${V}MinLength=-1`), /must not be negative/);
  });
});

describe("list and object validation markers", () => {
  it("MinItems, MaxItems and UniqueItems apply to arrays", () => {
    assert.deepEqual(ok(arr(str), `${V}MinItems=1`, `${V}MaxItems=5`, `${V}UniqueItems=true`), {
      ...arr(str),
      minItems: 1,
      maxItems: 5,
      uniqueItems: true,
    });
    assert.match(misuse(str, `${V}MinItems=1`), /MinItems applies to arrays, not string/);
    assert.match(misuse(obj, `${V}MaxItems=1`), /MaxItems applies to arrays, not object/);
    assert.match(misuse(int, `${V}UniqueItems=true`), /UniqueItems applies to arrays/);
    assert.match(misuse(arr(str), `${V}MaxItems=-2`), /must not be negative/);
  });

  it("MinProperties and MaxProperties apply to objects and maps", () => {
    assert.deepEqual(ok(map, `${V}MinProperties=1`, `${V}MaxProperties=3`), { ...map, minProperties: 1, maxProperties: 3 });
    assert.match(misuse(arr(str), `${V}MinProperties=1`), /MinProperties applies to objects and maps, not array/);
    assert.match(misuse(str, `${V}MaxProperties=1`), /not string/);
  });
});

describe("Enum", () => {
  it("sets enum values of the field's type", () => {
    assert.deepEqual(ok(str, `${V}Enum=Always;Never`), { type: "string", enum: ["Always", "Never"] });
    assert.deepEqual(ok(str, `${V}Enum={"1","2"}`), { type: "string", enum: ["1", "2"] });
    assert.deepEqual(ok(int, `${V}Enum=1;2;3`), { ...int, enum: [1, 2, 3] });
    assert.deepEqual(ok(num, `${V}Enum=1;2.5`), { ...num, enum: [1, 2.5] });
    assert.deepEqual(ok(bool, `${V}Enum=true`), { type: "boolean", enum: [true] });
  });

  it("rejects values not of the field's type, with a quoting hint for strings", () => {
    assert.equal(
      misuse(str, `${V}Enum=a;1`),
      '+kubebuilder:validation:Enum: Enum value 1 is an integer but the field is string (quote it: "1")',
    );
    assert.match(misuse(int, `${V}Enum=1;two`), /Enum value "two" is a string but the field is integer/);
    assert.match(misuse(int, `${V}Enum=1.5`), /is a number but the field is integer/);
  });

  it("accepts the same values as an enum already derived from the type, and rejects different ones", () => {
    const lit: JSONSchemaProps = { type: "string", enum: ["a", "b"] };
    assert.deepEqual(ok(lit, `${V}Enum=b;a`), { type: "string", enum: ["b", "a"] });
    assert.match(misuse(lit, `${V}Enum=a;c`), /conflicts with the values of the field's type/);
  });
});

describe("Format, Type, Nullable and the extensions", () => {
  it("Format sets format", () => {
    assert.deepEqual(ok(str, `${V}Format=date-time`), { type: "string", format: "date-time" });
  });

  it("Type overrides the type, before other markers check it", () => {
    // Minimum is written first but Type applies first, so Minimum sees a number.
    assert.deepEqual(ok(str, `${V}Minimum=1`, `${V}Type=number`), { type: "number", minimum: 1 });
  });

  it("Type accepts only schema types", () => {
    const r = markers([`${V}Type=object`]);
    assert.equal(r.length, 1);
  });

  it("Nullable and +nullable set nullable", () => {
    assert.deepEqual(ok(str, `${V}Nullable`), { type: "string", nullable: true });
    assert.deepEqual(ok(str, "+nullable"), { type: "string", nullable: true });
  });

  it("XIntOrString replaces the type and lets string checks apply", () => {
    assert.deepEqual(ok(str, `${V}MaxLength=3`, `${V}XIntOrString`), { "x-kubernetes-int-or-string": true, maxLength: 3 });
  });

  it("XPreserveUnknownFields and pruning:PreserveUnknownFields keep unknown fields", () => {
    assert.deepEqual(ok({ type: "object" }, "+kubebuilder:pruning:PreserveUnknownFields"), {
      type: "object",
      "x-kubernetes-preserve-unknown-fields": true,
    });
    const r = apply({ type: "object" }, [`${V}XPreserveUnknownFields`]);
    assert.deepEqual(r.schema, { type: "object", "x-kubernetes-preserve-unknown-fields": true });
  });

  it("warns that XPreserveUnknownFields is deprecated", () => {
    const { diagnostics } = applyParse([`${V}XPreserveUnknownFields`]);
    assert.equal(diagnostics[0]?.code, "KCG1110");
    assert.match(diagnostics[0]?.hint ?? "", /pruning:PreserveUnknownFields/);
  });

  it("XEmbeddedResource and EmbeddedResource mark embedded objects", () => {
    assert.deepEqual(ok({ type: "object" }, `${V}XEmbeddedResource`), { type: "object", "x-kubernetes-embedded-resource": true });
    assert.deepEqual(ok({ type: "object" }, `${V}EmbeddedResource`), { type: "object", "x-kubernetes-embedded-resource": true });
    assert.match(misuse(str, `${V}EmbeddedResource`), /applies to objects, not string/);
  });

  it("Schemaless drops the derived schema but keeps the description, and later markers add to it", () => {
    const s: JSONSchemaProps = { type: "object", description: "d", properties: { a: { type: "string" } } };
    assert.deepEqual(ok(s, `${V}Schemaless`, `${V}Type=object`, "+kubebuilder:pruning:PreserveUnknownFields"), {
      description: "d",
      type: "object",
      "x-kubernetes-preserve-unknown-fields": true,
    });
  });
});

describe("XValidation and CEL-rule markers", () => {
  it("adds x-kubernetes-validations rules in order, with every argument", () => {
    const s = ok(
      obj,
      `${V}XValidation:rule="self.a != self.b",message="a and b must differ"`,
      `${V}XValidation:rule="self.c >= 0",messageExpression="'c is ' + string(self.c)",reason=FieldValueForbidden,fieldPath=".c",optionalOldSelf=true`,
    );
    assert.deepEqual(s["x-kubernetes-validations"], [
      { rule: "self.a != self.b", message: "a and b must differ" },
      {
        rule: "self.c >= 0",
        messageExpression: "'c is ' + string(self.c)",
        reason: "FieldValueForbidden",
        fieldPath: ".c",
        optionalOldSelf: true,
      },
    ]);
  });

  it("leaves out an empty message, messageExpression or fieldPath, as controller-gen's omitempty fields do", () => {
    const s = ok(
      obj,
      `${V}XValidation:rule="self.a != self.b",message=""`,
      `${V}XValidation:rule="self.c >= 0",message=,fieldPath=""`,
      `${V}XValidation:rule="self.c < 9",messageExpression=""`,
    );
    assert.deepEqual(s["x-kubernetes-validations"], [{ rule: "self.a != self.b" }, { rule: "self.c >= 0" }, { rule: "self.c < 9" }]);
  });

  it("rejects an unknown reason at parse time with a suggestion", () => {
    const { diagnostics } = applyParse([`${V}XValidation:rule="true",reason=FieldValueInvalidd`]);
    assert.equal(diagnostics[0]?.code, "KCG1103");
    assert.equal(diagnostics[0]?.hint, "did you mean FieldValueInvalid?");
  });

  it("requires a rule", () => {
    const { diagnostics } = applyParse([`${V}XValidation:message="m"`]);
    assert.equal(diagnostics[0]?.code, "KCG1106");
  });

  it("k8s:immutable adds a transition rule", () => {
    assert.deepEqual(ok(str, "+k8s:immutable")["x-kubernetes-validations"], [{ rule: "self == oldSelf", message: "field is immutable" }]);
  });

  it("AtMostOneOf, ExactlyOneOf and AtLeastOneOf add rules on the object type", () => {
    const r = apply(obj, [`${V}AtMostOneOf=a;b`, `${V}ExactlyOneOf={a,c}`, `${V}AtLeastOneOf=b;c`], "type");
    assert.deepEqual(r.errors, []);
    assert.deepEqual(r.schema["x-kubernetes-validations"], [
      { rule: "(has(self.a)?1:0)+(has(self.b)?1:0) <= 1", message: "at most one of the fields in [a b] may be set" },
      { rule: "(has(self.a)?1:0)+(has(self.c)?1:0) == 1", message: "exactly one of the fields in [a c] must be set" },
      { rule: "has(self.b)||has(self.c)", message: "at least one of the fields in [b c] must be set" },
    ]);
    assert.equal(r.schema.allOf, undefined);
  });

  it("one-of markers name existing properties of an object", () => {
    assert.match(misuse(obj, `${V}ExactlyOneOf=a;zz`, "type"), /names "zz", not a property of this object/);
    assert.match(misuse(str, `${V}AtMostOneOf=a;b`, "type"), /applies to objects, not string/);
    assert.match(misuse(obj, `${V}AtLeastOneOf=a`, "type"), /at least two field names/);
  });

  it("one-of markers belong on types: on a field they are ignored with a warning, as controller-gen ignores them", () => {
    const { diagnostics } = applyParse([`${V}AtMostOneOf=a;b`], "field");
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.severity]),
      [["KCG1115", "warning"]],
    );
  });
});

describe("items: variants", () => {
  const cases: [marker: string, items: JSONSchemaProps, expected: JSONSchemaProps][] = [
    ["Minimum=1", int, { ...int, minimum: 1 }],
    ["Maximum=9", int, { ...int, maximum: 9 }],
    ["ExclusiveMinimum=true", num, { ...num, exclusiveMinimum: true }],
    ["ExclusiveMaximum=true", num, { ...num, exclusiveMaximum: true }],
    ["MultipleOf=3", int, { ...int, multipleOf: 3 }],
    ["MinLength=1", str, { ...str, minLength: 1 }],
    ["MaxLength=8", str, { ...str, maxLength: 8 }],
    ["Pattern=`^a$`", str, { ...str, pattern: "^a$" }],
    ["MinItems=1", arr(str), { ...arr(str), minItems: 1 }],
    ["MaxItems=2", arr(str), { ...arr(str), maxItems: 2 }],
    ["UniqueItems=true", arr(str), { ...arr(str), uniqueItems: true }],
    ["MinProperties=1", map, { ...map, minProperties: 1 }],
    ["MaxProperties=2", map, { ...map, maxProperties: 2 }],
    ["Enum=a;b", str, { ...str, enum: ["a", "b"] }],
    ["Format=uuid", str, { ...str, format: "uuid" }],
    ["Type=integer", str, { type: "integer" }],
    ["XPreserveUnknownFields", { type: "object" }, { type: "object", "x-kubernetes-preserve-unknown-fields": true }],
    ["XEmbeddedResource", { type: "object" }, { type: "object", "x-kubernetes-embedded-resource": true }],
    ["XIntOrString", str, { "x-kubernetes-int-or-string": true }],
    ['XValidation:rule="self.size() > 1"', str, { ...str, "x-kubernetes-validations": [{ rule: "self.size() > 1" }] }],
  ];
  for (const [marker, items, expected] of cases) {
    it(`items:${marker} applies to the items, not the list`, () => {
      const r = apply(arr(items), [`${I}${marker}`]);
      assert.deepEqual(r.errors, []);
      assert.deepEqual(r.schema, arr(expected));
    });
  }

  it("covers every base validation marker with an items: form", () => {
    const itemNames = kubernetesMarkers
      .all()
      .filter((d) => d.name.startsWith("kubebuilder:validation:items:"))
      .map((d) => d.name.slice("kubebuilder:validation:items:".length));
    assert.deepEqual([...itemNames].sort(), cases.map(([m]) => m.split(/[=:]/)[0]!).sort());
  });

  it("rejects items: markers on non-arrays and checks the item type", () => {
    assert.match(misuse(str, `${I}Minimum=1`), /items:Minimum applies to arrays, not string/);
    assert.match(misuse(arr(str), `${I}Minimum=1`), /Minimum applies to numbers, not string/);
    assert.match(misuse(arr(int), `${I}MinLength=1`), /MinLength applies to strings, not integer/);
  });

  it("items: markers may sit on types too (a named list type)", () => {
    const r = apply(arr(int), [`${I}Minimum=0`], "type");
    assert.deepEqual(r.schema, arr({ ...int, minimum: 0 }));
  });
});

describe("applyMarkers", () => {
  it("skips markers without a schema effect", () => {
    const ms = markers(["+optional", "+kubebuilder:validation:Required", "+listType=atomic"]);
    const s: JSONSchemaProps = { type: "array", items: { type: "string" } };
    assert.deepEqual(applyMarkers(s, ms, { target: "field" }, "", new SourceMap()), []);
    assert.deepEqual(s, { type: "array", items: { type: "string" }, "x-kubernetes-list-type": "atomic" });
  });

  it("positions a misuse error at the marker and names the field type in the hint", () => {
    const ms = markers(["doc", "+kubebuilder:validation:Minimum=1"]);
    const d = applyMarkers({ type: "string" }, ms, { target: "field", fieldType: "string" }, "", new SourceMap());
    assert.equal(d.length, 1);
    assert.deepEqual([d[0]!.code, d[0]!.file, d[0]!.line, d[0]!.col], ["KCG1108", "types.ts", 2, 4]);
    assert.equal(d[0]!.hint, "the field's type is string");
  });

  it("applies +kubebuilder:default after +default, so it wins", () => {
    assert.deepEqual(ok(str, "+kubebuilder:default=b", '+default="a"'), { type: "string", default: "b" });
    assert.deepEqual(ok(str, '+default="a"'), { type: "string", default: "a" });
  });

  it("never writes allOf, anyOf or oneOf", () => {
    const s = ok(int, `${V}Minimum=1`, `${V}Maximum=5`, `${V}MultipleOf=1`, `${V}Enum=1;2;3`, "+kubebuilder:default=2");
    assert.equal(s.allOf, undefined);
    assert.equal(s.anyOf, undefined);
    assert.equal(s.oneOf, undefined);
  });
});

describe("declarative-validation spellings", () => {
  it("+k8s:minimum, +k8s:maxLength, +k8s:maxItems and +k8s:format work like their kubebuilder forms", () => {
    assert.deepEqual(ok(int, "+k8s:minimum=0", "+k8s:maximum=5"), { ...int, minimum: 0, maximum: 5 });
    assert.deepEqual(ok(str, "+k8s:minLength=1", "+k8s:maxLength=63", "+k8s:format=k8s-short-name"), {
      type: "string",
      minLength: 1,
      maxLength: 63,
      format: "k8s-short-name",
    });
    assert.deepEqual(ok(arr(str), "+k8s:minItems=1", "+k8s:maxItems=16"), { ...arr(str), minItems: 1, maxItems: 16 });
    assert.match(misuse(str, "+k8s:minimum=0"), /Minimum applies to numbers, not string/);
  });
});
