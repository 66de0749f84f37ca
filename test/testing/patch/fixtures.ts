// A small Widget-like custom resource schema shared by the ownership tests.
import { crdResourceSchema, type JsonObject } from "../../../testing/src/patch/index.js";

export const widgetSchema = crdResourceSchema(
  {
    type: "object",
    properties: {
      spec: {
        type: "object",
        properties: {
          replicas: { type: "integer" },
          size: { type: "string" },
          labels: { type: "object", additionalProperties: { type: "string" } },
          ports: {
            type: "array",
            "x-kubernetes-list-type": "map",
            "x-kubernetes-list-map-keys": ["name"],
            items: { type: "object", properties: { name: { type: "string" }, port: { type: "integer" } } },
          },
          tags: { type: "array", "x-kubernetes-list-type": "set", items: { type: "string" } },
          args: { type: "array", items: { type: "string" } },
          selector: { type: "object", "x-kubernetes-map-type": "atomic", properties: { app: { type: "string" } } },
          values: { type: "object", "x-kubernetes-preserve-unknown-fields": true },
        },
      },
      status: { type: "object", properties: { replicas: { type: "integer" } } },
    },
  },
  { hasStatusSubresource: true },
);

export const T0 = "2026-01-01T00:00:00Z";
export const T1 = "2026-01-01T00:01:00Z";
export const T2 = "2026-01-01T00:02:00Z";

/** A widget with the given spec. */
export function widget(spec: JsonObject, extra: JsonObject = {}): JsonObject {
  return { apiVersion: "example.com/v1", kind: "Widget", metadata: { name: "w", namespace: "ns" }, spec, ...extra };
}

/** The managedFields of an object, without times. */
export function owners(obj: JsonObject): JsonObject[] {
  const mf = ((obj["metadata"] as JsonObject)["managedFields"] ?? []) as JsonObject[];
  return mf.map(({ time: _t, ...rest }) => rest);
}
