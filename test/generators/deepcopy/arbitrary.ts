// fast-check arbitraries for valid objects of any model type, so property tests cover every
// example package without hand-written fixtures.
import fc from "fast-check";
import { findType, flattenStruct, type ApiModel, type BuiltinName, type TypeModel, type TypeRef } from "../../../src/model/index.js";

const key = fc.oneof(fc.constantFrom("a", "b", "__proto__", "constructor", "x.y", ""), fc.string({ maxLength: 6 }));
const json: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);
const jsonObject = fc.dictionary(key, json, { maxKeys: 4, noNullPrototype: true });

function optionalRecord(fields: Record<string, { arb: fc.Arbitrary<unknown>; required: boolean }>): fc.Arbitrary<Record<string, unknown>> {
  // Optional fields are absent, present, or present with the value undefined: copies must keep all three.
  const parts = Object.entries(fields).map(([name, f]) =>
    f.required
      ? f.arb.map((v) => [[name, v]] as [string, unknown][])
      : fc.oneof(
          fc.constant([] as [string, unknown][]),
          f.arb.map((v) => [[name, v]] as [string, unknown][]),
          fc.constant([[name, undefined]] as [string, unknown][]),
        ),
  );
  return fc.tuple(...parts).map((entries) => Object.fromEntries(entries.flat()));
}

const builtins: Record<BuiltinName, fc.Arbitrary<unknown>> = {
  TypeMeta: optionalRecord({ apiVersion: { arb: fc.string(), required: false }, kind: { arb: fc.string(), required: false } }),
  Time: fc.constantFrom("2024-01-01T00:00:00Z", "2026-11-30T12:34:56Z"),
  MicroTime: fc.constant("2024-01-01T00:00:00.123456Z"),
  Duration: fc.constantFrom("1h", "30s"),
  Quantity: fc.oneof(fc.constantFrom("500m", "1Gi"), fc.integer()),
  IntOrString: fc.oneof(fc.integer(), fc.string()),
  RawExtension: jsonObject,
  ListMeta: optionalRecord({ resourceVersion: { arb: fc.string(), required: false }, continue: { arb: fc.string(), required: false } }),
  OwnerReference: ownerRef(),
  LabelSelectorRequirement: labelReq(),
  LabelSelector: optionalRecord({
    matchLabels: { arb: fc.dictionary(key, fc.string(), { maxKeys: 3, noNullPrototype: true }), required: false },
    matchExpressions: { arb: fc.array(labelReq(), { maxLength: 2 }), required: false },
  }),
  Condition: optionalRecord({
    type: { arb: fc.string(), required: true },
    status: { arb: fc.constantFrom("True", "False", "Unknown"), required: true },
    lastTransitionTime: { arb: fc.constant("2024-01-01T00:00:00Z"), required: true },
    reason: { arb: fc.string(), required: true },
    message: { arb: fc.string(), required: true },
    observedGeneration: { arb: fc.integer(), required: false },
  }),
  ManagedFieldsEntry: managedFields(),
  ObjectMeta: optionalRecord({
    name: { arb: fc.string(), required: false },
    namespace: { arb: fc.string(), required: false },
    labels: { arb: fc.dictionary(key, fc.string(), { maxKeys: 3, noNullPrototype: true }), required: false },
    annotations: { arb: fc.dictionary(key, fc.string(), { maxKeys: 3, noNullPrototype: true }), required: false },
    finalizers: { arb: fc.array(fc.string(), { maxLength: 3 }), required: false },
    ownerReferences: { arb: fc.array(ownerRef(), { maxLength: 2 }), required: false },
    managedFields: { arb: fc.array(managedFields(), { maxLength: 2 }), required: false },
    generation: { arb: fc.integer(), required: false },
  }),
};

function ownerRef() {
  return optionalRecord({
    apiVersion: { arb: fc.string(), required: true },
    kind: { arb: fc.string(), required: true },
    name: { arb: fc.string(), required: true },
    uid: { arb: fc.string(), required: true },
    controller: { arb: fc.boolean(), required: false },
  });
}
function labelReq() {
  return optionalRecord({
    key: { arb: fc.string(), required: true },
    operator: { arb: fc.constantFrom("In", "NotIn", "Exists"), required: true },
    values: { arb: fc.array(fc.string(), { maxLength: 3 }), required: false },
  });
}
function managedFields() {
  return optionalRecord({ manager: { arb: fc.string(), required: false }, fieldsV1: { arb: jsonObject, required: false } });
}

/** An arbitrary producing valid values of `r`. */
export function arbitraryOf(model: ApiModel, r: TypeRef, depth = 0): fc.Arbitrary<unknown> {
  switch (r.kind) {
    case "primitive":
      return r.name === "string"
        ? fc.string()
        : r.name === "boolean"
          ? fc.boolean()
          : r.name === "number"
            ? fc.double({ noNaN: true, noDefaultInfinity: true })
            : fc.integer();
    case "literal":
      return fc.constantFrom(...r.values);
    case "array":
      return fc.array(arbitraryOf(model, r.elem, depth + 1), { maxLength: depth > 3 ? 0 : 3 });
    case "map":
      return fc.dictionary(key, arbitraryOf(model, r.value, depth + 1), { maxKeys: depth > 3 ? 0 : 3, noNullPrototype: true });
    case "nullable":
      return fc.option(arbitraryOf(model, r.inner, depth), { nil: null });
    case "unknown":
      return json;
    case "builtin":
      return builtins[r.name];
    case "named": {
      const t = findType(model, r.pkg, r.name);
      if (!t) throw new Error(`no type ${r.name}`);
      return arbitraryOfType(model, t, depth + 1);
    }
  }
}

/** An arbitrary producing valid objects of a model type. */
export function arbitraryOfType(model: ApiModel, t: TypeModel, depth = 0): fc.Arbitrary<unknown> {
  if (t.shape.kind === "alias") return arbitraryOf(model, t.shape.target, depth);
  const flat = flattenStruct(model, t);
  const fields: Record<string, { arb: fc.Arbitrary<unknown>; required: boolean }> = {};
  for (const { field: f } of flat.fields) fields[f.name] = { arb: arbitraryOf(model, f.type, depth), required: !f.optional };
  // Embedded apimachinery types (TypeMeta, Condition, ...) contribute their own fields.
  const parts = [...flat.builtins.map((b) => builtins[b] as fc.Arbitrary<Record<string, unknown>>), optionalRecord(fields)];
  return fc.tuple(...parts).map((objs) => objs.reduce((acc, o) => ({ ...acc, ...o }), {}));
}
