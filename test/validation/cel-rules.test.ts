// x-kubernetes-validations: rule evaluation, messages, transition rules with oldSelf, the Kubernetes CEL
// libraries, typed values, and the reporting of rules this implementation cannot check.
import { test } from "node:test";
import assert from "node:assert/strict";
import { compileSchema, formatFieldError } from "../../apiextensions/src/validation/index.js";
import type { JSONSchemaProps, ValidationRule } from "../../apiextensions/src/types/index.js";

const withRules = (spec: JSONSchemaProps, rules: ValidationRule[]): JSONSchemaProps => ({
  type: "object",
  properties: {
    apiVersion: { type: "string" },
    kind: { type: "string" },
    metadata: { type: "object" },
    spec: { ...spec, "x-kubernetes-validations": rules },
  },
});

const SPEC: JSONSchemaProps = {
  type: "object",
  properties: {
    name: { type: "string" },
    replicas: { type: "integer" },
    ratio: { type: "number" },
    when: { type: "string", format: "date-time" },
    tags: { type: "array", items: { type: "string" } },
    nums: { type: "array", items: { type: "integer" } },
    "x-y": { type: "string" },
    q: { "x-kubernetes-int-or-string": true },
  },
};

const run = (rules: ValidationRule[], spec: unknown, oldSpec?: unknown): string[] => {
  const v = compileSchema(withRules(SPEC, rules));
  assert.deepEqual(v.uncheckedRules, []);
  return v.validate({ spec }, oldSpec === undefined ? undefined : { spec: oldSpec }).map(formatFieldError);
};

test("a failing rule reports its message, or 'failed rule' with the rule text", () => {
  assert.deepEqual(run([{ rule: "self.replicas < 5", message: "too many" }], { replicas: 7 }), [`spec: Invalid value: "object": too many`]);
  assert.deepEqual(run([{ rule: "self.replicas < 5" }], { replicas: 7 }), [
    `spec: Invalid value: "object": failed rule: self.replicas < 5`,
  ]);
  assert.deepEqual(run([{ rule: "self.replicas < 5" }], { replicas: 4 }), []);
});

test("messageExpression, reason and fieldPath shape the error", () => {
  assert.deepEqual(run([{ rule: "self.replicas < 5", messageExpression: "'got ' + string(self.replicas)" }], { replicas: 7 }), [
    `spec: Invalid value: "object": got 7`,
  ]);
  assert.deepEqual(
    run([{ rule: "self.replicas < 5", message: "no", reason: "FieldValueForbidden", fieldPath: ".replicas" }], { replicas: 7 }),
    ["spec.replicas: Forbidden: no"],
  );
});

test("evaluation errors use cel-go's wording", () => {
  assert.deepEqual(run([{ rule: "self.name == 'x'", message: "m" }], {}), [
    `spec: Invalid value: "object": no such key: name evaluating rule: m`,
  ]);
  assert.deepEqual(run([{ rule: " self.name == 'x' " }], {}), [
    `spec: Invalid value: "object": no such key: name evaluating rule: self.name == 'x'`,
  ]);
  assert.deepEqual(run([{ rule: "self.q + 1 > 0" }], { q: "x" }), [
    `spec: Invalid value: "object": 'no such overload': call arguments did not match a supported operator, function or macro signature for rule: self.q + 1 > 0`,
  ]);
});

test("transition rules run only on update and only when the old value exists", () => {
  const rules = [{ rule: "self >= oldSelf", message: "replicas may not decrease" }];
  const schema: JSONSchemaProps = {
    type: "object",
    properties: {
      apiVersion: { type: "string" },
      kind: { type: "string" },
      spec: { type: "object", properties: { replicas: { type: "integer", "x-kubernetes-validations": rules } } },
    },
  };
  const v = compileSchema(schema);
  assert.deepEqual(v.validate({ spec: { replicas: 1 } }), []);
  assert.deepEqual(v.validate({ spec: { replicas: 1 } }, { spec: {} }), []);
  assert.deepEqual(v.validate({ spec: { replicas: 1 } }, { spec: { replicas: null } }), []);
  assert.deepEqual(v.validate({ spec: { replicas: 3 } }, { spec: { replicas: 2 } }), []);
  assert.deepEqual(v.validate({ spec: { replicas: 1 } }, { spec: { replicas: 2 } }).map(formatFieldError), [
    `spec.replicas: Invalid value: "integer": replicas may not decrease`,
  ]);
});

test("list-map items correlate with their old version by key for oldSelf", () => {
  const schema: JSONSchemaProps = {
    type: "object",
    properties: {
      spec: {
        type: "object",
        properties: {
          ports: {
            type: "array",
            "x-kubernetes-list-type": "map",
            "x-kubernetes-list-map-keys": ["name"],
            items: {
              type: "object",
              properties: { name: { type: "string" }, port: { type: "integer" } },
              "x-kubernetes-validations": [{ rule: "self.port == oldSelf.port", message: "port is immutable" }],
            },
          },
        },
      },
    },
  };
  const v = compileSchema(schema);
  const old = {
    spec: {
      ports: [
        { name: "a", port: 1 },
        { name: "b", port: 2 },
      ],
    },
  };
  assert.deepEqual(
    v.validate(
      {
        spec: {
          ports: [
            { name: "b", port: 2 },
            { name: "a", port: 1 },
            { name: "c", port: 9 },
          ],
        },
      },
      old,
    ),
    [],
  );
  assert.deepEqual(v.validate({ spec: { ports: [{ name: "b", port: 3 }] } }, old).map(formatFieldError), [
    `spec.ports[0]: Invalid value: "object": port is immutable`,
  ]);
});

test("the Kubernetes list, regex and strings libraries and the macros are available", () => {
  const spec = { name: "Abc123def45", tags: ["a", "b", "c"], nums: [3, 1, 2], "x-y": "v", replicas: 2, ratio: 0.75, q: "50%" };
  const rules = [
    "self.tags.isSorted() && !self.nums.isSorted()",
    "self.nums.sum() == 6 && self.nums.min() == 1 && self.nums.max() == 3",
    "self.tags.indexOf('b') == 1 && self.tags.lastIndexOf('z') == -1",
    "self.name.find('[0-9]+') == '123' && self.name.findAll('[0-9]+') == ['123', '45'] && self.name.findAll('[a-z]', 2).size() == 2",
    "self.name.lowerAscii() == 'abc123def45' && self.name.upperAscii().startsWith('ABC')",
    "'a,b'.split(',') == ['a', 'b'] && ['a', 'b'].join('-') == 'a-b' && ' x '.trim() == 'x' && 'aXa'.replace('X', 'y') == 'aya'",
    "self.name.indexOf('c') == 2 && self.name.matches('^[[:alpha:]]+[0-9]')",
    "self.tags.all(t, size(t) == 1) && self.tags.exists(t, t == 'b') && self.tags.exists_one(t, t == 'c')",
    "self.nums.map(n, n * 2) == [6, 2, 4] && self.nums.filter(n, n > 1).size() == 2",
    "has(self.name) && !has(self.when)",
    "self.x__dash__y == 'v'",
    "self.replicas == 2 && self.ratio > 0.5 && self.q == '50%'",
  ];
  for (const rule of rules) assert.deepEqual(run([{ rule }], spec), [], rule);
});

test("date-time strings are timestamps and integers are ints in rules", () => {
  assert.deepEqual(run([{ rule: "self.when < timestamp('2030-01-01T00:00:00Z')" }], { when: "2024-01-07T00:40:57Z" }), []);
  assert.deepEqual(run([{ rule: "type(self.replicas) == int && type(self.ratio) == double" }], { replicas: 1, ratio: 1 }), []);
});

test("schema errors that block CEL add the server's 'not checked' cause instead of running rules", () => {
  const schema = withRules({ ...SPEC, required: ["name"] }, [{ rule: "false" }]);
  assert.deepEqual(compileSchema(schema).validate({ spec: {} }).map(formatFieldError), [
    "spec.name: Required value",
    `<nil>: Invalid value: "null": some validation rules were not checked because the object was invalid; correct the existing errors to complete validation`,
  ]);
  // Enum failures do not block in 1.24: rules still run.
  const enumSchema = withRules({ type: "object", properties: { s: { type: "string", enum: ["a"] } } }, [{ rule: "false", message: "m" }]);
  assert.deepEqual(
    compileSchema(enumSchema)
      .validate({ spec: { s: "b" } })
      .map(formatFieldError),
    [`spec.s: Unsupported value: "b": supported values: "a"`, `spec: Invalid value: "object": m`],
  );
});

test("rules that cannot be compiled here are listed as unchecked, never reported as passing checks", () => {
  const v = compileSchema(
    withRules(SPEC, [
      { rule: "authorizer.path('/healthz').check('get').allowed()" },
      { rule: "self.replicas +" },
      { rule: "self.replicas < 5", message: "checked" },
    ]),
  );
  assert.deepEqual(
    v.uncheckedRules.map((u) => [u.field, u.rule]),
    [
      ["spec", "authorizer.path('/healthz').check('get').allowed()"],
      ["spec", "self.replicas +"],
    ],
  );
  assert.match(v.uncheckedRules[0]?.reason ?? "", /functions not available in this validator: allowed, check, path$/);
  // The checkable rule still runs; the unchecked ones produce no verdict.
  assert.deepEqual(v.validate({ spec: { name: "n", replicas: 9 } }).map(formatFieldError), [`spec: Invalid value: "object": checked`]);
});

test("the Kubernetes ip and cidr libraries and the sets extension in CRD rules", () => {
  // Their values and errors beside the real server's are in the ValidatingAdmissionPolicy recording
  // (scenario network-sets); the rules of a CRD run in the same environment.
  const rules = [
    "ip(self.name).family() == 6 && string(ip(self.name)) == '2001:db8::1' && !ip.isCanonical(self.name)",
    "cidr(self.q).containsIP('10.1.2.3') && !cidr(self.q).containsIP('11.0.0.1') && cidr(self.q).prefixLength() == 8",
    "string(cidr('10.1.2.3/8').masked()) == '10.0.0.0/8' && cidr('10.0.0.0/8').containsCIDR('10.1.0.0/16') && isCIDR(self.q) && !isIP(self.q)",
    "sets.contains([1, 2, 3], [3, 1]) && sets.equivalent([1, 2, 2], [2, 1]) && !sets.intersects(['a'], ['b'])",
  ];
  for (const rule of rules) assert.deepEqual(run([{ rule }], { name: "2001:DB8:0::1", q: "10.0.0.0/8" }), [], rule);
  assert.deepEqual(run([{ rule: "ip(self.name).family() == 4", message: "m" }], { name: "01.2.3.4" }), [
    `spec: Invalid value: "object": IP Address "01.2.3.4" parse error during conversion from string: ParseAddr("01.2.3.4"): IPv4 field has octet with leading zero evaluating rule: m`,
  ]);
});

test("the lists and sets functions compare timestamps and durations by value, strings by code point; Go's integers", () => {
  const rules = [
    "sets.contains([timestamp('2020-01-01T00:00:00Z')], [timestamp('2020-01-01T00:00:00Z')])",
    "[duration('1s'), duration('1000ms'), duration('2s')].distinct().size() == 2",
    "[timestamp('2021-01-01T00:00:00Z'), timestamp('2020-01-01T00:00:00Z')].sort()[0] == timestamp('2020-01-01T00:00:00Z')",
    "['\\uFFFF', '\\U0001F600'].sort() == ['\\uFFFF', '\\U0001F600']",
    // Go's int64 of a uint64 past 2^63 is negative.
    "semver('18446744073709551615.0.0').major() == -1",
  ];
  for (const rule of rules) assert.deepEqual(run([{ rule }], { name: "n" }), [], rule);
  // A prefix length that fits in an int64 is out of range, not bad bits (Go's Atoi reads it).
  assert.deepEqual(run([{ rule: "cidr(self.name).prefixLength() > 0", message: "m" }], { name: "1.2.3.4/1000000000000000000" }), [
    `spec: Invalid value: "object": network address parse error during conversion from string: network address parse error during conversion from string: netip.ParsePrefix("1.2.3.4/1000000000000000000"): prefix length out of range evaluating rule: m`,
  ]);
});

test("the Kubernetes URL and quantity libraries", () => {
  const rules = [
    "url(self.name).getScheme() == 'https' && url(self.name).getHost() == 'example.com:8080' && url(self.name).getHostname() == 'example.com'",
    "url(self.name).getPort() == '8080' && url(self.name).getEscapedPath() == '/a/b' && url(self.name).getQuery() == {'x': ['1', '2']}",
    "isURL('/abs/path') && !isURL('rel/path') && url('https://[::1]:80/').getHostname() == '::1'",
    "quantity(self.q).isGreaterThan(quantity('1Gi')) && quantity('1k') == quantity('1000') && quantity('500m').asApproximateFloat() == 0.5",
    "!quantity('1.5').isInteger() && quantity('2k').asInteger() == 2000 && quantity('1Ki').add(24).asInteger() == 1048 && quantity('-1').sign() == -1",
    "isQuantity('10Mi') && !isQuantity('10 Mi') && quantity('1e3').compareTo(quantity('1k')) == 0",
  ];
  for (const rule of rules) assert.deepEqual(run([{ rule }], { name: "https://example.com:8080/a/b?x=1&x=2", q: "2Gi" }), [], rule);
  assert.deepEqual(run([{ rule: "url(self.name).getHost() == ''", message: "m" }], { name: "not a url" }), [
    `spec: Invalid value: "object": URL parse error during conversion from string: parse "not a url": invalid URI for request evaluating rule: m`,
  ]);
});

test("the Kubernetes format library in CRD rules: validate() is optional.none() for a valid string, else its messages", () => {
  const v = compileSchema(
    withRules(SPEC, [
      {
        rule: "!format.dns1123Label().validate(self.name).hasValue()",
        messageExpression: "format.dns1123Label().validate(self.name).value().join(', ')",
      },
    ]),
  );
  assert.deepEqual(v.uncheckedRules, []);
  assert.deepEqual(v.validate({ spec: { name: "ok-name", replicas: 1 } }), []);
  assert.deepEqual(v.validate({ spec: { name: "a.b", replicas: 1 } }).map(formatFieldError), [
    'spec: Invalid value: "object": must not contain dots',
  ]);
});
