// The Kubernetes extensions of the schema validator: int-or-string, nullable, list-type set/map, preserve-
// unknown-fields, embedded resources, formats, RE2 patterns, pruning, defaulting and message texts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { compileSchema, formatFieldError } from "../../apiextensions/src/validation/index.js";
import type { JSONSchemaProps } from "../../apiextensions/src/types/index.js";

const resource = (spec: JSONSchemaProps): JSONSchemaProps => ({
  type: "object",
  properties: { apiVersion: { type: "string" }, kind: { type: "string" }, metadata: { type: "object" }, spec },
});
const lines = (schema: JSONSchemaProps, spec: unknown): string[] =>
  compileSchema(resource(schema)).validate({ spec }).map(formatFieldError);

test("int-or-string accepts integers and strings and rejects other types like the server", () => {
  const s: JSONSchemaProps = {
    type: "object",
    properties: { q: { "x-kubernetes-int-or-string": true, anyOf: [{ type: "integer" }, { type: "string" }] } },
  };
  assert.deepEqual(lines(s, { q: 5 }), []);
  assert.deepEqual(lines(s, { q: "50%" }), []);
  const errs = lines(s, { q: true });
  assert.equal(errs[0], `spec.q: Invalid value: "boolean": spec.q in body must be of type integer,string: "boolean"`);
  assert.ok(errs.includes(`<nil>: Invalid value: "": "spec.q" must validate at least one schema (anyOf)`), errs.join("\n"));
});

test("nullable: null is kept when nullable, dropped or defaulted otherwise, and a type error if it reaches validation", () => {
  const v = compileSchema(
    resource({
      type: "object",
      properties: { a: { type: "string", nullable: true }, b: { type: "string" }, c: { type: "string", default: "x" } },
    }),
  );
  const obj = { spec: { a: null, b: null, c: null } };
  v.applyDefaults(obj);
  assert.deepEqual(obj.spec, { a: null, c: "x" });
  assert.deepEqual(v.validate(obj), []);
  assert.deepEqual(v.validate({ spec: { b: null } }).map(formatFieldError), [
    `spec.b: Invalid value: "null": spec.b in body must be of type string: "null"`,
  ]);
});

test("list-type set reports each repeated value once, at its second occurrence; objects compare by content", () => {
  const s: JSONSchemaProps = {
    type: "object",
    properties: {
      tags: { type: "array", "x-kubernetes-list-type": "set", items: { type: "string" } },
      objs: { type: "array", "x-kubernetes-list-type": "set", items: { type: "object", "x-kubernetes-preserve-unknown-fields": true } },
    },
  };
  assert.deepEqual(lines(s, { tags: ["a", "b", "a", "a", "b"] }), [
    `spec.tags[2]: Duplicate value: "a"`,
    `spec.tags[4]: Duplicate value: "b"`,
  ]);
  assert.deepEqual(
    lines(s, {
      objs: [
        { x: 1, y: 2 },
        { y: 2, x: 1 },
      ],
    }),
    [`spec.objs[1]: Duplicate value: map[string]interface {}{"x":1, "y":2}`],
  );
  assert.deepEqual(lines(s, { tags: ["a", "b"] }), []);
});

test("list-type map compares the key tuple and reports the keys as the duplicate", () => {
  const s: JSONSchemaProps = {
    type: "object",
    properties: {
      ports: {
        type: "array",
        "x-kubernetes-list-type": "map",
        "x-kubernetes-list-map-keys": ["port", "protocol"],
        items: { type: "object", properties: { port: { type: "integer" }, protocol: { type: "string" }, name: { type: "string" } } },
      },
    },
  };
  const ok = [
    { port: 80, protocol: "TCP", name: "a" },
    { port: 80, protocol: "UDP", name: "b" },
  ];
  assert.deepEqual(lines(s, { ports: ok }), []);
  const dup = [...ok, { port: 80, protocol: "TCP", name: "c" }];
  assert.deepEqual(lines(s, { ports: dup }), [`spec.ports[2]: Duplicate value: map[string]interface {}{"port":80, "protocol":"TCP"}`]);
  assert.deepEqual(lines(s, { ports: ["x"] }).at(-1), `spec.ports[0]: Invalid value: "x": must be an object for an array of list-type map`);
});

test("pruning removes unknown fields, keeps preserve-unknown-fields subtrees and reports paths", () => {
  const v = compileSchema(
    resource({
      type: "object",
      properties: {
        items: { type: "array", items: { type: "object", properties: { a: { type: "string" } } } },
        free: {
          type: "object",
          "x-kubernetes-preserve-unknown-fields": true,
          properties: { typed: { type: "object", properties: { k: { type: "string" } } } },
        },
      },
    }),
  );
  const obj = {
    apiVersion: "g/v1",
    kind: "K",
    metadata: { name: "n", bogus: 1 },
    spec: { junk: 1, items: [{ a: "x", b: 2 }], free: { anything: { deep: [1] }, typed: { k: "v", extra: true } } },
    status: { x: 1 },
  };
  assert.deepEqual(v.prune(obj), ["metadata.bogus", "spec.free.typed.extra", "spec.items[0].b", "spec.junk", "status"]);
  assert.deepEqual(obj, {
    apiVersion: "g/v1",
    kind: "K",
    metadata: { name: "n" },
    spec: { items: [{ a: "x" }], free: { anything: { deep: [1] }, typed: { k: "v" } } },
  });
});

test("embedded resources keep apiVersion/kind/metadata when pruned and require apiVersion and kind", () => {
  const v = compileSchema(
    resource({
      type: "object",
      properties: {
        template: {
          type: "object",
          "x-kubernetes-embedded-resource": true,
          properties: { spec: { type: "object", properties: { image: { type: "string" } } } },
        },
      },
    }),
  );
  const obj = {
    spec: { template: { apiVersion: "v1", kind: "Pod", metadata: { name: "p", junk: 1 }, spec: { image: "x", y: 1 }, other: 2 } },
  };
  assert.deepEqual(v.prune(obj), ["spec.template.metadata.junk", "spec.template.other", "spec.template.spec.y"]);
  assert.deepEqual(obj.spec.template, { apiVersion: "v1", kind: "Pod", metadata: { name: "p" }, spec: { image: "x" } });
  assert.deepEqual(v.validate(obj), []);
  assert.deepEqual(v.validate({ spec: { template: { apiVersion: "a/b/c" } } }).map(formatFieldError), [
    "spec.template.kind: Required value",
    `spec.template.apiVersion: Invalid value: "a/b/c": unexpected GroupVersion string: a/b/c`,
  ]);
  assert.deepEqual(
    v.validate({ spec: { template: { apiVersion: "v1", kind: "My_Kind", metadata: { name: "a/b" } } } }).map(formatFieldError),
    [
      `spec.template.kind: Invalid value: "My_Kind": may have mixed case, but should otherwise match: a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')`,
      `spec.template.metadata.name: Invalid value: "a/b": may not contain '/'`,
    ],
  );
});

test("formats are checked as the 1.24 server checks them; unsupported formats are ignored", () => {
  const s: JSONSchemaProps = {
    type: "object",
    properties: {
      when: { type: "string", format: "date-time" },
      day: { type: "string", format: "date" },
      data: { type: "string", format: "byte" },
      id: { type: "string", format: "uuid" },
      ip: { type: "string", format: "ipv4" },
      n32: { type: "integer", format: "int32" },
      q: { type: "string", format: "quantity" },
    },
  };
  assert.deepEqual(
    lines(s, {
      when: "2024-01-07T00:40:57.5+02:00",
      day: "2024-02-29",
      data: "aGVsbG8=",
      id: "123e4567-e89b-12d3-a456-426614174000",
      ip: "10.0.0.1",
    }),
    [],
  );
  assert.deepEqual(lines(s, { day: "2023-02-29" }), [
    `spec.day: Invalid value: "2023-02-29": spec.day in body must be of type date: "2023-02-29"`,
  ]);
  assert.deepEqual(lines(s, { ip: "256.1.1.1" }), [
    `spec.ip: Invalid value: "256.1.1.1": spec.ip in body must be of type ipv4: "256.1.1.1"`,
  ]);
  assert.deepEqual(lines(s, { data: "not base64!" }).length, 1);
  assert.deepEqual(lines(s, { when: "2024-01-07 00:40:57" }).length, 1);
  // int32 and quantity are stripped by the server: no range or syntax check, and type errors name the type.
  assert.deepEqual(lines(s, { n32: 2 ** 40, q: "not a quantity" }), []);
  assert.deepEqual(lines(s, { n32: true }), [`spec.n32: Invalid value: "boolean": spec.n32 in body must be of type integer: "boolean"`]);
});

test("patterns use RE2 semantics where JavaScript differs", () => {
  const check = (pattern: string, value: string): number =>
    lines({ type: "object", properties: { s: { type: "string", pattern } } }, { s: value }).length;
  assert.equal(check("^a\\z", "a"), 0); // \z is end of text in RE2, a literal z in JavaScript
  assert.equal(check("(?i)^abc$", "ABC"), 0); // inline flags are a syntax error in JavaScript
  assert.equal(check("^[[:digit:]]+$", "123"), 0); // POSIX classes
  assert.equal(check("^[[:digit:]]+$", "12a"), 1);
  assert.equal(check("^\\pL+$", "héllo"), 0); // one-letter Unicode class without braces
  assert.equal(check("b", "abc"), 0); // unanchored, like regexp.MatchString
  assert.deepEqual(lines({ type: "object", properties: { s: { type: "string", pattern: "^(a)\\1$" } } }, { s: "aa" }), [
    `spec.s: Invalid value: "aa": spec.s in body should match '^(a)\\1$, but pattern is invalid: error parsing regexp: invalid escape sequence: \`\\1\`'`,
  ]);
});

test("numeric, string, array and object limits use kube-openapi's texts", () => {
  const s: JSONSchemaProps = {
    type: "object",
    properties: {
      a: { type: "number", maximum: 1.5, exclusiveMaximum: true, multipleOf: 0.5 },
      b: { type: "integer", minimum: 0, exclusiveMinimum: true },
      c: { type: "string", minLength: 3, pattern: "^x" },
      d: { type: "array", minItems: 2, items: { type: "string" } },
      e: { type: "object", maxProperties: 1, additionalProperties: { type: "string" } },
      f: { type: "string", enum: ["a", 1, true] },
    },
  };
  assert.deepEqual(lines(s, { a: 1.75, b: 0, c: "ab", d: ["x"], e: { x: "1", y: "2" }, f: "z" }), [
    "spec.a: Invalid value: 1.75: spec.a in body should be a multiple of 0.5",
    "spec.a: Invalid value: 1.75: spec.a in body should be less than 1.5",
    "spec.b: Invalid value: 0: spec.b in body should be greater than 0",
    `spec.c: Invalid value: "ab": spec.c in body should be at least 3 chars long`,
    "spec.d: Invalid value: 1: spec.d in body should have at least 2 items",
    "spec.e: Too many: 2: must have at most 1 items",
    `spec.f: Unsupported value: "z": supported values: "a", "1", "true"`,
  ]);
  assert.deepEqual(lines(s, { e: { x: 1 } }), [`spec.e.x: Invalid value: "integer": spec.e.x in body must be of type string: "integer"`]);
});

test("defaults fill missing fields, nested and in list items, without touching present values", () => {
  const v = compileSchema(
    resource({
      type: "object",
      properties: {
        replicas: { type: "integer", default: 1 },
        strategy: { type: "object", default: {}, properties: { type: { type: "string", default: "Rolling" } } },
        ports: { type: "array", items: { type: "object", properties: { port: { type: "integer", default: 80 } } } },
        labels: { type: "object", additionalProperties: { type: "object", properties: { v: { type: "string", default: "d" } } } },
      },
    }),
  );
  const obj = { spec: { replicas: 3, ports: [{}, { port: 8080 }], labels: { a: {} } } };
  v.applyDefaults(obj);
  assert.deepEqual(obj.spec, {
    replicas: 3,
    ports: [{ port: 80 }, { port: 8080 }],
    labels: { a: { v: "d" } },
    strategy: { type: "Rolling" },
  });
});

test("scale subresource fields are checked as the server does", () => {
  const v = compileSchema(resource({ type: "object", properties: { replicas: { type: "integer" } } }));
  const scale = { specReplicasPath: ".spec.replicas", statusReplicasPath: ".status.replicas" };
  assert.deepEqual(v.validate({ spec: { replicas: 3 } }, undefined, { scale }), []);
  assert.deepEqual(v.validate({ spec: { replicas: 2 ** 31 } }, undefined, { scale }).map(formatFieldError), [
    ".spec.replicas: Invalid value: 2147483648: should be less than or equal to 2147483647",
  ]);
});

test("schema members of the wrong JSON type are ignored instead of crashing the validator", () => {
  const malformed = {
    type: "object",
    enum: "x",
    required: "abc",
    properties: { a: 5, b: { type: 3, maxLength: "2" } },
    "x-kubernetes-validations": [1, { rule: "self.b == 'xyz'" }],
  } as unknown as JSONSchemaProps;
  const v = compileSchema(resource(malformed));
  assert.deepEqual(v.validate({ spec: { a: 1, b: "xyz" } }), []);
  assert.deepEqual(v.validate({ spec: { b: "q" } }).map(formatFieldError), [`spec: Invalid value: "object": failed rule: self.b == 'xyz'`]);
});
