// The committed conversions of examples/apis/shipyard (v1 a spoke of the hub v2), executed: a
// round trip v1 → v2 → v1 loses nothing, the hand-written VesselSpec conversions of
// v1/conversion.ts are the ones called, and the hub's table plugs into the runtime's Converter and
// webhook builder with no wiring by hand.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Converter, Manager, newWebhookManagedBy, type KubeObject } from "@kube-codegen/runtime";
import type { Vessel as VesselV1 } from "../../../examples/apis/shipyard/v1/types.js";
import type { Vessel as VesselV2 } from "../../../examples/apis/shipyard/v2/types.js";
import {
  convert_v1_Vessel_To_v2_Vessel,
  convert_v2_Vessel_To_v1_Vessel,
  vesselSpokeConversion,
} from "../../../examples/apis/shipyard/v1/zz_generated.conversion.js";
import { conversions, vesselConversion } from "../../../examples/apis/shipyard/v2/zz_generated.conversion.js";
import { vesselRegistration } from "../../../examples/apis/shipyard/v2/zz_generated.register.js";

const v1: VesselV1 = {
  apiVersion: "shipyard.example.com/v1",
  kind: "Vessel",
  metadata: { name: "ark", namespace: "default", labels: { fleet: "north" }, resourceVersion: "7" },
  spec: {
    displayName: "Ark",
    replicas: 3,
    image: "ark:1",
    ports: [
      { name: "http", port: 80, protocol: "TCP" },
      { name: "dns", port: 53 },
    ],
    labels: { a: "b" },
    tier: "gold",
    paused: null,
  },
  status: {
    observedGeneration: 2,
    conditions: [{ type: "Ready", status: "True", reason: "Up", message: "", lastTransitionTime: "2024-01-01T00:00:00Z" }],
  },
};

test("v1 → v2 → v1 loses nothing, and the hand-written part is what moved replicas and image", () => {
  const hub = convert_v1_Vessel_To_v2_Vessel(structuredClone(v1));
  assert.equal(hub.apiVersion, "shipyard.example.com/v2");
  assert.equal(hub.spec.size, 3, "replicas → size, by convert_v1_VesselSpec_To_v2_VesselSpec in conversion.ts");
  assert.deepEqual(hub.spec.containers, [{ image: "ark:1" }]);
  assert.deepEqual(hub.spec.ports, v1.spec.ports, "Port converts field by field, generated");
  assert.deepEqual(hub.status, v1.status);
  assert.equal(Object.hasOwn(hub.spec, "replicas"), false, "nothing of v1's shape leaks into the hub");
  const back = convert_v2_Vessel_To_v1_Vessel(hub);
  assert.deepEqual(back, v1);
  // Optional fields left out stay left out (no `undefined` keys appear).
  const bare: VesselV1 = { apiVersion: "shipyard.example.com/v1", kind: "Vessel", spec: { displayName: "Raft", paused: false } };
  const bareHub = convert_v1_Vessel_To_v2_Vessel(bare);
  assert.deepEqual(bareHub, {
    apiVersion: "shipyard.example.com/v2",
    kind: "Vessel",
    spec: { displayName: "Raft", paused: false, containers: [] },
  });
  assert.deepEqual(convert_v2_Vessel_To_v1_Vessel(bareHub), bare);
});

test("v2's value v1 lacks goes through the hand-written mapping (bronze reads as silver)", () => {
  const hub: VesselV2 = {
    apiVersion: "shipyard.example.com/v2",
    kind: "Vessel",
    spec: { displayName: "Tug", containers: [], tier: "bronze", paused: true },
  };
  assert.equal(convert_v2_Vessel_To_v1_Vessel(hub).spec.tier, "silver");
});

test("the hub's table serves a ConversionReview through the runtime's Converter, both ways", () => {
  assert.deepEqual(conversions, [vesselConversion]);
  assert.equal(vesselConversion.spokes["v1"], vesselSpokeConversion);
  const converter = new Converter(conversions);
  const review = (objects: KubeObject[], desiredAPIVersion: string) => {
    const r = converter.review({
      apiVersion: "apiextensions.k8s.io/v1",
      kind: "ConversionReview",
      request: { uid: "u", desiredAPIVersion, objects },
    });
    const body = r.body as { response: { result: { status: string; message?: string }; convertedObjects: KubeObject[] } };
    assert.equal(body.response.result.status, "Success", body.response.result.message);
    return body.response.convertedObjects;
  };
  const [hub] = review([v1], "shipyard.example.com/v2");
  assert.equal((hub as VesselV2).spec.size, 3);
  const [back] = review([hub!], "shipyard.example.com/v1");
  assert.deepEqual(back, v1);
});

test("withConversion takes the hub's table: no wiring by hand, and another kind's table is refused", () => {
  const mgr = new Manager({});
  const paths = newWebhookManagedBy(mgr).for(vesselRegistration).withConversion(vesselConversion).complete();
  assert.equal(paths.convert, "/convert");
  assert.throws(
    () => newWebhookManagedBy(mgr).for({ group: "shipyard.example.com", version: "v2", kind: "Dock" }).withConversion(vesselConversion),
    /withConversion was given the conversions of Vessel\.shipyard\.example\.com/,
  );
});
