// The apimachinery (and apiextensions) types whose JSON is not their message's fields: each has a Go
// MarshalJSON of its own (metav1.Time is an RFC 3339 string, IntOrString an int or a string,
// resource.Quantity its canonical string, RawExtension the embedded JSON…). The codec (codec.ts)
// handles every other message generically; these are the table it consults first. Field numbers
// are those of the vendored generated.proto.
import { BinaryWriter, WireType } from "@bufbuild/protobuf/wire";
import { WireReader } from "./wire-reader.js";

/** One special type: its JSON value from its message bytes, and its message bytes from its JSON value. */
export interface SpecialType {
  decode(r: WireReader): unknown;
  encode(value: unknown, w: BinaryWriter): void;
  /** What Go's JSON writes for the zero value (an unset value field). */
  zero: unknown;
}

const META = "k8s.io.apimachinery.pkg.apis.meta.v1";

/** Reads a message's fields one by one: number, wire type and the reader positioned at its value. */
function eachField(r: WireReader, f: (no: number, r: WireReader, wire: WireType) => void): void {
  while (!r.done()) {
    const [no, wire] = r.tag();
    const before = r.pos;
    f(no, r, wire);
    if (r.pos === before) r.skip(wire);
  }
}

const utf8 = new TextDecoder();
const toBytes = (text: string): Uint8Array => Buffer.from(text, "utf8");

function rawJson(reader: WireReader): unknown {
  let raw: Uint8Array | undefined;
  eachField(reader, (no, r) => {
    if (no === 1) raw = r.bytes();
  });
  if (raw === undefined || raw.length === 0) return null;
  try {
    return JSON.parse(utf8.decode(raw)) as unknown;
  } catch {
    // Raw bytes that are not JSON (a protobuf object inside a RawExtension) are kept as their base64.
    return Buffer.from(raw).toString("base64");
  }
}

/** RawExtension, FieldsV1, apiextensions' JSON: a bytes field 1 holding the value's JSON text. */
const RAW_JSON: SpecialType = {
  decode: rawJson,
  encode(value, w) {
    // Go writes the raw bytes only when it has them (a nil Raw is an empty message).
    if (value !== undefined && value !== null) w.tag(1, WireType.LengthDelimited).bytes(toBytes(JSON.stringify(value)));
  },
  zero: null,
};

/** Seconds and nanoseconds since the epoch of an RFC 3339 time (Go's time.Parse keeps the fraction). */
function parseTime(text: string): { seconds: number; nanos: number } {
  // The form the server writes ("2026-01-02T03:04:05Z"), read without a regular expression: every
  // object has a few, and a list answer has thousands.
  if (text.length === 20 && text.charCodeAt(19) === 90 /* Z */ && text.charCodeAt(10) === 84 /* T */) {
    const n = (from: number, to: number): number => Number(text.slice(from, to));
    const ms = Date.UTC(n(0, 4), n(5, 7) - 1, n(8, 10), n(11, 13), n(14, 16), n(17, 19));
    // Date.UTC reads years below 100 as 19xx, so those take the general path.
    if (!Number.isNaN(ms) && n(0, 4) >= 100) return { seconds: ms / 1000, nanos: 0 };
  }
  const m = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?(Z|[+-]\d\d:\d\d)$/.exec(text);
  if (!m) return { seconds: Math.floor(Date.parse(text) / 1000), nanos: 0 };
  const seconds = Date.parse(`${m[1] ?? ""}${m[3] ?? "Z"}`) / 1000;
  return { seconds, nanos: Number((m[2] ?? "").padEnd(9, "0")) };
}

function timeFields(reader: WireReader): { seconds: number; nanos: number } | undefined {
  if (reader.done()) return undefined; // Go's zero time is the empty message
  let seconds = 0;
  let nanos = 0;
  eachField(reader, (no, r) => {
    if (no === 1) seconds = r.varint();
    else if (no === 2) nanos = r.int32();
  });
  return { seconds, nanos };
}

const rfc3339 = (seconds: number): string => new Date(seconds * 1000).toISOString().slice(0, 19);

/** metav1.Time (whole seconds in JSON) and MicroTime (microseconds): {seconds, nanos} ↔ an RFC 3339 string in UTC. */
function timeType(micro: boolean): SpecialType {
  return {
    decode(r) {
      const t = timeFields(r);
      if (!t) return null;
      return micro ? `${rfc3339(t.seconds)}.${String(Math.floor(t.nanos / 1000)).padStart(6, "0")}Z` : `${rfc3339(t.seconds)}Z`;
    },
    encode(value, w) {
      // The zero time is written as an empty message (Time.MarshalToSizedBuffer writes nothing for it).
      if (typeof value !== "string" || value === "") return;
      const { seconds, nanos } = parseTime(value);
      w.tag(1, WireType.Varint).int64(seconds);
      w.tag(2, WireType.Varint).int32(micro ? Math.floor(nanos / 1000) * 1000 : nanos);
    },
    zero: null,
  };
}

const DURATION_UNITS: [string, number][] = [
  ["h", 3600e9],
  ["m", 60e9],
  ["s", 1e9],
  ["ms", 1e6],
  ["us", 1e3],
  ["µs", 1e3],
  ["ns", 1],
];

/** Go's time.Duration.String of a number of nanoseconds ("1h0m0s", "1.5s", "300ms"). */
function formatDuration(ns: number): string {
  if (ns === 0) return "0s";
  const sign = ns < 0 ? "-" : "";
  const abs = Math.abs(ns);
  if (abs < 1e9) {
    const [unit, size] = abs < 1e3 ? ["ns", 1] : abs < 1e6 ? ["µs", 1e3] : ["ms", 1e6];
    return `${sign}${String(abs / size)}${unit}`;
  }
  const h = Math.floor(abs / 3600e9);
  const m = Math.floor((abs % 3600e9) / 60e9);
  const s = (abs % 60e9) / 1e9;
  return `${sign}${h > 0 ? `${String(h)}h` : ""}${h > 0 || m > 0 ? `${String(m)}m` : ""}${String(s)}s`;
}

/** Go's time.ParseDuration, for the units above. */
function parseDuration(text: string): number {
  let total = 0;
  const sign = text.startsWith("-") ? -1 : 1;
  for (const [, num, unit] of text.replace(/^[-+]/, "").matchAll(/(\d+(?:\.\d*)?)(h|ms|m|s|us|µs|ns)/g)) {
    total += Number(num) * (DURATION_UNITS.find(([u]) => u === unit)?.[1] ?? 0);
  }
  return sign * Math.round(total);
}

const DURATION: SpecialType = {
  decode(reader) {
    let ns = 0;
    eachField(reader, (no, r) => {
      if (no === 1) ns = r.varint();
    });
    return formatDuration(ns);
  },
  encode(value, w) {
    w.tag(1, WireType.Varint).int64(typeof value === "string" ? parseDuration(value) : 0);
  },
  zero: "0s",
};

/** intstr.IntOrString: {type, intVal, strVal} ↔ a number or a string; Go writes all three. */
const INT_OR_STRING: SpecialType = {
  decode(reader) {
    let type = 0;
    let intVal = 0;
    let strVal = "";
    eachField(reader, (no, r) => {
      if (no === 1) type = r.varint();
      else if (no === 2) intVal = r.int32();
      else if (no === 3) strVal = r.string();
    });
    return type === 1 ? strVal : intVal;
  },
  encode(value, w) {
    const isString = typeof value === "string";
    w.tag(1, WireType.Varint).int64(isString ? 1 : 0);
    w.tag(2, WireType.Varint).int32(isString ? 0 : Number(value ?? 0));
    w.tag(3, WireType.LengthDelimited).string(isString ? value : "");
  },
  zero: 0,
};

/** resource.Quantity: {string} ↔ its string (the server's JSON already holds the canonical form). */
const QUANTITY: SpecialType = {
  decode(reader) {
    let text = "0";
    eachField(reader, (no, r) => {
      if (no === 1) text = r.string();
    });
    return text;
  },
  encode(value, w) {
    w.tag(1, WireType.LengthDelimited).string(value === undefined || value === null ? "0" : String(value));
  },
  zero: "0",
};

/**
 * The field numbers of apiextensions' "schema or something else" unions, whose JSON is one of the
 * two: JSONSchemaPropsOrArray (a schema or an array of schemas), JSONSchemaPropsOrBool (a schema or
 * a boolean), JSONSchemaPropsOrStringArray (a schema or an array of property names).
 */
type SchemaCodec = (r: WireReader) => unknown;
type SchemaEncoder = (value: unknown, w: BinaryWriter) => void;

/** The unions need the codec of JSONSchemaProps itself, which codec.ts provides when it loads. */
export function schemaUnions(decodeSchema: SchemaCodec, encodeSchema: SchemaEncoder): Record<string, SpecialType> {
  const schema = (no: number, value: unknown, w: BinaryWriter): void => {
    w.tag(no, WireType.LengthDelimited).fork();
    encodeSchema(value, w);
    w.join();
  };
  const isObject = (v: unknown): boolean => typeof v === "object" && v !== null && !Array.isArray(v);
  return {
    JSONSchemaPropsOrArray: {
      decode(reader) {
        let one: unknown;
        const many: unknown[] = [];
        eachField(reader, (no, r) => {
          if (no === 1) one = decodeSchema(r.sub());
          else if (no === 2) many.push(decodeSchema(r.sub()));
        });
        return many.length > 0 ? many : (one ?? null);
      },
      encode(value, w) {
        if (Array.isArray(value)) for (const v of value) schema(2, v, w);
        else if (isObject(value)) schema(1, value, w);
      },
      zero: null,
    },
    JSONSchemaPropsOrBool: {
      decode(reader) {
        let allows = false;
        let one: unknown;
        eachField(reader, (no, r) => {
          if (no === 1) allows = r.varint() !== 0;
          else if (no === 2) one = decodeSchema(r.sub());
        });
        return one ?? allows;
      },
      encode(value, w) {
        w.tag(1, WireType.Varint).bool(value !== false);
        if (isObject(value)) schema(2, value, w);
      },
      zero: false,
    },
    JSONSchemaPropsOrStringArray: {
      decode(reader) {
        let one: unknown;
        const names: string[] = [];
        eachField(reader, (no, r) => {
          if (no === 1) one = decodeSchema(r.sub());
          else if (no === 2) names.push(r.string());
        });
        return names.length > 0 ? names : (one ?? null);
      },
      encode(value, w) {
        if (Array.isArray(value)) for (const v of value) w.tag(2, WireType.LengthDelimited).string(String(v));
        else if (isObject(value)) schema(1, value, w);
      },
      zero: null,
    },
  };
}

/** The special types by full message name (the apiextensions unions are added by codec.ts). */
export const SPECIAL_TYPES: Record<string, SpecialType> = {
  [`${META}.Time`]: timeType(false),
  [`${META}.MicroTime`]: timeType(true),
  [`${META}.Duration`]: DURATION,
  [`${META}.FieldsV1`]: RAW_JSON,
  "k8s.io.apimachinery.pkg.runtime.RawExtension": RAW_JSON,
  "k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1.JSON": RAW_JSON,
  "k8s.io.apimachinery.pkg.util.intstr.IntOrString": INT_OR_STRING,
  "k8s.io.apimachinery.pkg.api.resource.Quantity": QUANTITY,
};
