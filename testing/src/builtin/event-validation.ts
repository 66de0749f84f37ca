// Event validation as kube-apiserver does it (pkg/apis/core/validation/events.go), for both APIs an
// Event is written through: core/v1 gets only the legacy checks; events.k8s.io/v1 gets them too, then
// its strict ones on create, and on update keeps everything but metadata and series as it was.
// Paths name the internal core.Event's fields whatever the request's shape (involvedObject, message,
// source, count ...), except that a core/v1 request's reporting controller is reportingComponent,
// and an immutable struct prints as Go's JSON of the internal type (capitalized field names):
// recorded from 1.37.2 in test/fixtures/apiserver-1.37/builtin-validation.json.
import { dns1123SubdomainProblems, qualifiedNameProblems } from "@kube-codegen/apiextensions/on-demand";
import type { Emulate } from "../server-state.js";
import type { StatusCause } from "../status-errors.js";
import { EVENTS_THROUGH_CORE } from "./event-conversion.js";
import { asObj, invalid, required } from "./field-causes.js";

type Obj = Record<string, unknown>;

const REPORTING_INSTANCE_LIMIT = 128;
const ACTION_LIMIT = 128;
const REASON_LIMIT = 128;
const NOTE_LIMIT = 1024;

const text = (v: unknown): string => (typeof v === "string" ? v : "");
/** A Time or MicroTime is zero when absent or null (the decode has already refused malformed ones). */
const isSet = (v: unknown): boolean => typeof v === "string" && v !== "";
const bytes = (s: string): number => Buffer.byteLength(s, "utf8");

/** core/v1 Event: the legacy checks only, with the reporting controller named as the v1 field. */
export function validateCoreEvent(e: Obj, _old?: Obj, emulate: Emulate = "1.24"): StatusCause[] {
  return legacyCauses(e, "reportingComponent", emulate);
}

/** events.k8s.io/v1 Event: checked in the core shape it is stored in, as the real server checks its internal type. */
export function validateEventsV1Event(e: Obj, old?: Obj, emulate: Emulate = "1.24"): StatusCause[] {
  const event = EVENTS_THROUGH_CORE.toStorage(e);
  const causes = legacyCauses(event, "reportingController", emulate);
  if (old === undefined) return [...causes, ...strictCreateCauses(event)];
  const before = EVENTS_THROUGH_CORE.toStorage(old);
  if (!sameJson(seriesValue(event), seriesValue(before))) causes.push(...seriesCauses(event));
  return [...causes, ...immutableCauses(event, before)];
}

function legacyCauses(e: Obj, controllerField: string, emulate: Emulate): StatusCause[] {
  const out: StatusCause[] = [];
  const namespace = text(asObj(e["metadata"])["namespace"]);
  const involved = text(asObj(e["involvedObject"])["namespace"]);
  const mismatch = (): StatusCause => invalid("involvedObject.namespace", involved, "does not match event.namespace");
  if (!isSet(e["eventTime"])) {
    // An old-style event: its namespace is the involved object's, or empty (or "default", for old clients).
    if (involved === "" ? namespace !== "" && namespace !== "default" : namespace !== involved) out.push(mismatch());
  } else {
    if (involved === "" && namespace !== "default" && namespace !== "kube-system") out.push(mismatch());
    const controller = text(e["reportingComponent"]);
    if (controller === "") out.push(required(controllerField));
    for (const p of qualifiedNameProblems(controller, emulate)) out.push(invalid(controllerField, controller, p));
    const limited: [string, number][] = [
      ["reportingInstance", REPORTING_INSTANCE_LIMIT],
      ["action", ACTION_LIMIT],
      ["reason", REASON_LIMIT],
    ];
    for (const [field, limit] of limited) {
      const v = text(e[field]);
      if (v === "") out.push(required(field));
      if (bytes(v) > limit) out.push(invalid(field, "", `can have at most ${limit} characters`));
    }
    if (bytes(text(e["message"])) > NOTE_LIMIT) out.push(invalid("message", "", `can have at most ${NOTE_LIMIT} characters`));
  }
  if (namespace !== "") for (const p of dns1123SubdomainProblems(namespace, emulate)) out.push(invalid("namespace", namespace, p));
  return out;
}

/** The series as the update compares it (reflect.DeepEqual of the pointer): null when unset, its fields in one order. */
function seriesValue(e: Obj): unknown {
  if (e["series"] === undefined || e["series"] === null) return null;
  const series = asObj(e["series"]);
  return [series["count"] ?? 0, timeValue(series["lastObservedTime"])];
}

function seriesCauses(e: Obj): StatusCause[] {
  if (e["series"] === undefined || e["series"] === null) return [];
  const series = asObj(e["series"]);
  const out: StatusCause[] = [];
  if (typeof series["count"] !== "number" || series["count"] < 2) out.push(invalid("series.count", "", "should be at least 2"));
  if (!isSet(series["lastObservedTime"])) out.push(required("series.lastObservedTime"));
  return out;
}

/** What events.k8s.io/v1 asks of a new Event beyond the legacy checks (metadata is checked before). */
function strictCreateCauses(e: Obj): StatusCause[] {
  const out = seriesCauses(e);
  if (!isSet(e["eventTime"])) out.push(required("eventTime"));
  const type = text(e["type"]);
  if (type !== "Normal" && type !== "Warning") out.push(invalid("type", "", `has invalid value: ${type}`));
  const unset = (field: string): StatusCause => invalid(field, "", "needs to be unset");
  if (isSet(e["firstTimestamp"])) out.push(unset("firstTimestamp"));
  if (isSet(e["lastTimestamp"])) out.push(unset("lastTimestamp"));
  if (typeof e["count"] === "number" && e["count"] !== 0) out.push(unset("count"));
  const source = asObj(e["source"]);
  if (text(source["component"]) !== "" || text(source["host"]) !== "") out.push(unset("source"));
  return out;
}

/** An ObjectReference as Go prints the internal struct: every field, capitalized, in declaration order. */
function reference(v: unknown): Obj {
  const r = asObj(v);
  return {
    Kind: text(r["kind"]),
    Namespace: text(r["namespace"]),
    Name: text(r["name"]),
    UID: text(r["uid"]),
    APIVersion: text(r["apiVersion"]),
    ResourceVersion: text(r["resourceVersion"]),
    FieldPath: text(r["fieldPath"]),
  };
}

/**
 * Each field an update may not change, as the internal value it is compared and printed as: the
 * structs whole, pointers as null when unset, times as their JSON (null when zero), strings and the
 * count as they are. In the order ValidateEventUpdate checks them (its second reason check repeats a
 * cause the answer lists once).
 */
const IMMUTABLE: readonly [string, (e: Obj) => unknown][] = [
  ["involvedObject", (e) => reference(e["involvedObject"])],
  ["reason", (e) => text(e["reason"])],
  ["message", (e) => text(e["message"])],
  ["source", (e) => ({ Component: text(asObj(e["source"])["component"]), Host: text(asObj(e["source"])["host"]) })],
  ["firstTimestamp", (e) => timeValue(e["firstTimestamp"])],
  ["lastTimestamp", (e) => timeValue(e["lastTimestamp"])],
  ["count", (e) => (typeof e["count"] === "number" ? e["count"] : 0)],
  ["type", (e) => text(e["type"])],
  ["eventTime", (e) => timeValue(e["eventTime"])],
  ["action", (e) => text(e["action"])],
  ["related", (e) => (e["related"] === undefined || e["related"] === null ? null : reference(e["related"]))],
  ["reportingController", (e) => text(e["reportingComponent"])],
  ["reportingInstance", (e) => text(e["reportingInstance"])],
];

function timeValue(v: unknown): string | null {
  return isSet(v) ? (v as string) : null;
}

function immutableCauses(e: Obj, old: Obj): StatusCause[] {
  const out: StatusCause[] = [];
  for (const [field, value] of IMMUTABLE) {
    const now = value(e);
    if (!sameJson(now, value(old))) out.push(invalid(field, now, "field is immutable"));
  }
  return out;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
