// events.k8s.io/v1: the Events API controllers' event recorders write to.
import type { Event, EventList } from "kubernetes-types/events/v1.js";
import type { ResourceDescription } from "../client/resource.js";
import type { Transport } from "../rest/transport.js";
import { builtinClientWithoutStatus } from "./verbs.js";
import type { BuiltinClientWithoutStatus } from "./verbs.js";

/** How each events.k8s.io/v1 resource is served. */
export const eventsV1Resources = {
  events: { group: "events.k8s.io", version: "v1", plural: "events", kind: "Event", namespaced: true },
} as const satisfies Record<string, ResourceDescription>;

/** The events.k8s.io/v1 clients. */
export class EventsV1Client {
  constructor(readonly transport: Transport) {}

  events(namespace?: string): BuiltinClientWithoutStatus<Event, EventList> {
    return builtinClientWithoutStatus(this.transport, eventsV1Resources.events, namespace);
  }
}
