// events.k8s.io/v1 Events are core/v1 Events: kube-apiserver stores them once (as core Events) and
// converts between the two shapes (k8s.io/kubernetes pkg/apis/events/v1 conversion), so an Event a
// controller records through tools/events is listed by `kubectl get events`, and one recorded
// through tools/record by the events.k8s.io API. The test server does the same: the events.k8s.io
// resource stores through the core one (ResourceInfo.sharedStorage) in the core shape.
import type { SharedStorage } from "../registry/resource-info.js";

/** events.k8s.io/v1 field → core/v1 field, for the fields whose names differ. */
const TO_CORE: Readonly<Record<string, string>> = {
  regarding: "involvedObject",
  note: "message",
  reportingController: "reportingComponent",
  deprecatedSource: "source",
  deprecatedFirstTimestamp: "firstTimestamp",
  deprecatedLastTimestamp: "lastTimestamp",
  deprecatedCount: "count",
};
const TO_EVENTS = Object.fromEntries(Object.entries(TO_CORE).map(([a, b]) => [b, a])) as Readonly<Record<string, string>>;

function rename(obj: Record<string, unknown>, names: Readonly<Record<string, string>>, apiVersion: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) out[names[k] ?? k] = v;
  out["apiVersion"] = apiVersion;
  out["kind"] = "Event";
  return out;
}

export const EVENTS_THROUGH_CORE: SharedStorage = {
  key: "/events",
  // An invalid events.k8s.io/v1 Event is answered 'Event "x" is invalid' (the core kind), recorded from 1.37.2.
  storedKind: { group: "", kind: "Event" },
  toStorage: (obj) => (obj["apiVersion"] === "v1" ? obj : rename(obj, TO_CORE, "v1")),
  fromStorage: (obj) => (obj["apiVersion"] === "v1" ? rename(obj, TO_EVENTS, "events.k8s.io/v1") : obj),
  // regarding.kind selects on the stored involvedObject.kind, as the real field label conversion maps it.
  storageField: (field) => {
    const dot = field.indexOf(".");
    const head = dot < 0 ? field : field.slice(0, dot);
    const core = TO_CORE[head];
    return core === undefined ? field : core + field.slice(head.length);
  },
};
