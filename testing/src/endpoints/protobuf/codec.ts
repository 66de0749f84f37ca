// Kubernetes' protobuf ↔ JSON, driven by the descriptors of the upstream generated.proto files
// (descriptors.ts) and the Go shape of each field: one generic walk over any message, and the table
// of apimachinery's special types (special-types.ts). It is not the proto3 JSON mapping: it is what
// Go's gogo-generated Marshal writes and what encoding/json makes of the same struct.
// - Wire: fields in number order; a Go value field is always written (zero included), a pointer or
//   bytes field only when set; map entries sorted by key; repeated scalars unpacked (proto2).
// - JSON: int64 as numbers, bytes as base64, a pointer left out when nil, a value left out when zero
//   only under omitempty (scalars, slices, maps) or omitzero (any type).
import { ScalarType, type DescField, type DescMessage } from "@bufbuild/protobuf";
import { BinaryWriter, WireType } from "@bufbuild/protobuf/wire";
import { WireReader } from "./wire-reader.js";
import { goShape, type GoShape } from "./descriptors.js";
import { SPECIAL_TYPES, schemaUnions, type SpecialType } from "./special-types.js";

type Json = Record<string, unknown>;

const APIEXTENSIONS = "k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1";

let special: Record<string, SpecialType> | undefined;

function specialType(desc: DescMessage): SpecialType | undefined {
  if (!special) {
    special = { ...SPECIAL_TYPES };
    const unions = schemaUnions(
      (r) => decodeMessage(schemaProps(), r),
      (value, w) => encodeMessageInto(schemaProps(), (value ?? {}) as Json, w),
    );
    for (const [name, t] of Object.entries(unions)) special[`${APIEXTENSIONS}.${name}`] = t;
  }
  return special[desc.typeName];
}

let schemaPropsDesc: DescMessage | undefined;
function schemaProps(): DescMessage {
  if (!schemaPropsDesc) throw new Error("JSONSchemaProps is not among the descriptors");
  return schemaPropsDesc;
}

function noteSchemaProps(desc: DescMessage): void {
  if (!schemaPropsDesc && desc.typeName === `${APIEXTENSIONS}.JSONSchemaProps`) schemaPropsDesc = desc;
}

// ---- protobuf → JSON ----

function readScalar(r: WireReader, type: ScalarType): unknown {
  switch (type) {
    case ScalarType.STRING:
      return r.string();
    case ScalarType.BOOL:
      return r.varint() !== 0;
    case ScalarType.BYTES:
      return Buffer.from(r.bytes()).toString("base64");
    case ScalarType.DOUBLE:
      return r.double();
    case ScalarType.FLOAT:
      return r.float();
    case ScalarType.SINT32:
    case ScalarType.SINT64: {
      const v = r.varint();
      return v % 2 === 1 ? -(v + 1) / 2 : v / 2;
    }
    case ScalarType.INT32:
      return r.int32();
    default:
      return r.varint();
  }
}

function scalarZero(type: ScalarType): unknown {
  if (type === ScalarType.STRING) return "";
  if (type === ScalarType.BOOL) return false;
  if (type === ScalarType.BYTES) return null;
  return 0;
}

function readMessageValue(desc: DescMessage, r: WireReader): unknown {
  const s = specialType(desc);
  return s ? s.decode(r) : decodeMessage(desc, r);
}

const EMPTY = new Uint8Array();

function isZero(v: unknown): boolean {
  if (v === undefined || v === null || v === "" || v === 0 || v === false) return true;
  if (Array.isArray(v)) return v.length === 0;
  return typeof v === "object" && Object.keys(v).length === 0;
}

/** A message's fields with their Go shapes, looked up once per message rather than once per field read. */
interface Plan {
  readonly fields: readonly DescField[];
  readonly shapes: readonly GoShape[];
  /** Field number → index in `fields`. */
  readonly index: ReadonlyMap<number, number>;
}

const plans = new WeakMap<DescMessage, Plan>();

function planOf(desc: DescMessage): Plan {
  let plan = plans.get(desc);
  if (!plan) {
    const fields = sortedFields(desc);
    plan = { fields, shapes: fields.map(goShape), index: new Map(fields.map((f, i) => [f.number, i])) };
    plans.set(desc, plan);
  }
  return plan;
}

function zeroOf(field: DescField): unknown {
  if (field.fieldKind === "list" || field.fieldKind === "map") return null;
  if (field.fieldKind === "message") return specialType(field.message)?.zero ?? decodeMessage(field.message, new WireReader(EMPTY));
  if (field.fieldKind === "scalar") return scalarZero(field.scalar);
  return 0;
}

/** The JSON object of a message's bytes, as encoding/json would write the Go struct decoded from them. */
export function decodeMessageBytes(desc: DescMessage, bytes: Uint8Array): Json {
  return decodeMessage(desc, new WireReader(bytes));
}

function decodeMessage(desc: DescMessage, r: WireReader): Json {
  noteSchemaProps(desc);
  const plan = planOf(desc);
  const values: unknown[] = new Array<unknown>(plan.fields.length);
  while (!r.done()) {
    const [no, wire] = r.tag();
    const i = plan.index.get(no);
    const field = i === undefined ? undefined : plan.fields[i];
    if (i === undefined || !field) {
      r.skip(wire);
      continue;
    }
    switch (field.fieldKind) {
      case "scalar":
        values[i] = readScalar(r, field.scalar);
        break;
      case "enum":
        values[i] = r.int32();
        break;
      case "message":
        values[i] = readMessageValue(field.message, r.sub());
        break;
      case "list": {
        const list = (values[i] as unknown[] | undefined) ?? [];
        if (field.listKind === "message") list.push(readMessageValue(field.message, r.sub()));
        else if (
          field.listKind === "scalar" &&
          wire === WireType.LengthDelimited &&
          field.scalar !== ScalarType.STRING &&
          field.scalar !== ScalarType.BYTES
        ) {
          // A packed list (a proto3 writer's), read all the same.
          const packed = r.sub();
          while (!packed.done()) list.push(readScalar(packed, field.scalar));
        } else list.push(field.listKind === "scalar" ? readScalar(r, field.scalar) : r.int32());
        values[i] = list;
        break;
      }
      case "map": {
        const map = (values[i] as Json | undefined) ?? {};
        const entry = r.sub();
        let key = "";
        let value: unknown;
        while (!entry.done()) {
          const [eno, ewire] = entry.tag();
          if (eno === 1) key = String(readScalar(entry, field.mapKey));
          else if (eno === 2) {
            if (field.mapKind === "message") value = readMessageValue(field.message, entry.sub());
            else if (field.mapKind === "scalar") value = readScalar(entry, field.scalar);
            else value = entry.int32();
          } else entry.skip(ewire);
        }
        // An entry without its value holds the value type's zero.
        if (value === undefined)
          value =
            field.mapKind === "message"
              ? readMessageValue(field.message, new WireReader(EMPTY))
              : field.mapKind === "scalar"
                ? scalarZero(field.scalar)
                : 0;
        map[key] = value;
        values[i] = map;
        break;
      }
    }
  }
  // Go's JSON writes fields in struct order, which go-to-protobuf numbers in; JSON key order is not
  // meaning, and the number order keeps the output stable.
  const out: Json = {};
  for (let i = 0; i < plan.fields.length; i++) {
    const field = plan.fields[i];
    const shape = plan.shapes[i];
    if (!field || !shape) continue;
    let v = values[i];
    if (shape.inline) {
      // An embedded struct: its fields are written into this object, as encoding/json inlines them.
      if (v !== null && typeof v === "object") Object.assign(out, v);
      continue;
    }
    if (v === undefined) {
      // Not on the wire: Go's zero value for the field.
      if (shape.pointer) continue;
      v = zeroOf(field);
    }
    if (!shape.pointer) {
      // omitzero leaves out any zero value; omitempty only scalars, slices and maps, never a struct
      // (so a zero metav1.Time without omitzero is written as null, as Go writes it).
      if (shape.omitZero && isZero(v)) continue;
      if (shape.omitEmpty && field.fieldKind !== "message" && isZero(v)) continue;
    }
    out[shape.json] = v;
  }
  return out;
}

// ---- JSON → protobuf ----

function writeScalar(w: BinaryWriter, no: number, type: ScalarType, v: unknown): void {
  switch (type) {
    case ScalarType.STRING:
      w.tag(no, WireType.LengthDelimited).string(typeof v === "string" ? v : v === undefined || v === null ? "" : String(v));
      return;
    case ScalarType.BOOL:
      w.tag(no, WireType.Varint).bool(v === true);
      return;
    case ScalarType.BYTES:
      w.tag(no, WireType.LengthDelimited).bytes(Buffer.from(typeof v === "string" ? v : "", "base64"));
      return;
    case ScalarType.DOUBLE:
      w.tag(no, WireType.Bit64).double(Number(v ?? 0));
      return;
    case ScalarType.FLOAT:
      w.tag(no, WireType.Bit32).float(Number(v ?? 0));
      return;
    case ScalarType.INT64:
      w.tag(no, WireType.Varint).int64(Math.trunc(Number(v ?? 0)));
      return;
    case ScalarType.UINT64:
      w.tag(no, WireType.Varint).uint64(Math.trunc(Number(v ?? 0)));
      return;
    case ScalarType.SINT64:
      w.tag(no, WireType.Varint).sint64(Math.trunc(Number(v ?? 0)));
      return;
    case ScalarType.UINT32:
      w.tag(no, WireType.Varint).uint32(Number(v ?? 0));
      return;
    case ScalarType.SINT32:
      w.tag(no, WireType.Varint).sint32(Number(v ?? 0));
      return;
    default:
      w.tag(no, WireType.Varint).int32(Number(v ?? 0));
  }
}

function writeMessage(w: BinaryWriter, no: number, desc: DescMessage, v: unknown): void {
  w.tag(no, WireType.LengthDelimited).fork();
  const s = specialType(desc);
  if (s) s.encode(v, w);
  else encodeMessageInto(desc, (v ?? {}) as Json, w);
  w.join();
}

const sorted = new WeakMap<DescMessage, readonly DescField[]>();

/** A message's fields in number order, the order Go's Marshal writes them in. */
function sortedFields(desc: DescMessage): readonly DescField[] {
  let fields = sorted.get(desc);
  if (!fields) sorted.set(desc, (fields = [...desc.fields].sort((a, b) => a.number - b.number)));
  return fields;
}

/** Writes a message's fields from its JSON object, in field-number order, as Go's Marshal does. */
export function encodeMessageInto(desc: DescMessage, obj: Json, w: BinaryWriter): void {
  noteSchemaProps(desc);
  const plan = planOf(desc);
  for (let i = 0; i < plan.fields.length; i++) {
    const field = plan.fields[i];
    const shape = plan.shapes[i];
    if (!field || !shape) continue;
    // An embedded struct reads its fields from this same object.
    const v = shape.inline ? obj : obj[shape.json];
    const set = v !== undefined && v !== null;
    switch (field.fieldKind) {
      case "scalar":
        // Go writes a value field always, a pointer (or a []byte) only when it is set.
        if (set || (!shape.pointer && field.scalar !== ScalarType.BYTES)) writeScalar(w, field.number, field.scalar, v);
        break;
      case "enum":
        if (set || !shape.pointer) w.tag(field.number, WireType.Varint).int32(Number(v ?? 0));
        break;
      case "message":
        if (set || !shape.pointer) writeMessage(w, field.number, field.message, v);
        break;
      case "list":
        if (!Array.isArray(v)) break;
        for (const item of v) {
          if (field.listKind === "message") writeMessage(w, field.number, field.message, item);
          else if (field.listKind === "scalar") writeScalar(w, field.number, field.scalar, item);
          else w.tag(field.number, WireType.Varint).int32(Number(item ?? 0));
        }
        break;
      case "map": {
        if (!set || typeof v !== "object") break;
        const map = v as Json;
        // Go sorts map keys (byte order, which UTF-16 order matches for the keys Kubernetes allows).
        for (const key of Object.keys(map).sort()) {
          w.tag(field.number, WireType.LengthDelimited).fork();
          writeScalar(w, 1, field.mapKey, key);
          const item = map[key];
          if (field.mapKind === "message") writeMessage(w, 2, field.message, item);
          else if (field.mapKind === "scalar") writeScalar(w, 2, field.scalar, item);
          else w.tag(2, WireType.Varint).int32(Number(item ?? 0));
          w.join();
        }
        break;
      }
    }
  }
}

/** A message's bytes from its JSON object. */
export function encodeMessageBytes(desc: DescMessage, obj: Json): Uint8Array {
  const w = new BinaryWriter();
  encodeMessageInto(desc, obj, w);
  return w.finish();
}
