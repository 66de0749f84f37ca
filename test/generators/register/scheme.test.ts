// The register output wires generated copies into a Scheme, so the runtime can deep-copy any
// registered kind (and its list) by apiVersion and kind.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Scheme } from "@kube-codegen/runtime";
import * as helm from "../../../generated-examples/helm-release/apis/helm/v1/zz_generated.register.js";
import * as sample from "../../../generated-examples/sample-controller/apis/samplecontroller/v1alpha1/zz_generated.register.js";
import * as traefik from "../../../generated-examples/traefik-service/apis/traefik/v1/zz_generated.register.js";
import * as gadgets from "../../../examples/apis/gadgets/v1/zz_generated.register.js";

const scheme = new Scheme();
helm.addToScheme(scheme);
sample.addToScheme(scheme);
traefik.addToScheme(scheme);

test("registrations carry names, scope and subresources from the markers", () => {
  assert.deepEqual(
    scheme.kinds().map((k) => `${k.group}/${k.version} ${k.kind} ${k.plural} ${k.namespaced ? "ns" : "cluster"}`),
    [
      "helm.example.com/v1 HelmRelease helmreleases ns",
      "samplecontroller.k8s.io/v1alpha1 Foo foos ns",
      "traefik.magedu.com/v1 TraefikService traefikservices ns",
    ],
  );
  const hr = scheme.lookup("helm.example.com/v1", "HelmRelease")!;
  assert.deepEqual(hr.shortNames, ["hr"]);
  assert.deepEqual(hr.categories, ["helm"]);
  assert.equal(hr.subresources.status, true);
  assert.equal(scheme.lookup("traefik.magedu.com/v1", "TraefikService")!.subresources.status, true);
  assert.equal(scheme.lookup("samplecontroller.k8s.io/v1alpha1", "Foo")!.subresources.status, true);
  assert.equal(scheme.forResource("samplecontroller.k8s.io", "v1alpha1", "foos")?.kind, "Foo");
  assert.equal(sample.SchemeGroupVersion.group, "samplecontroller.k8s.io");
});

test("the scheme deep-copies objects and lists by apiVersion and kind, hand-written hatches included", () => {
  const obj = {
    apiVersion: "helm.example.com/v1",
    kind: "HelmRelease",
    metadata: { name: "r", labels: { a: "b" } },
    spec: {
      chart: { name: "c", repository: "https://x" },
      values: { nested: { list: [1, { deep: true }] } },
      targets: [{ cluster: "a", ports: [80, "http"] }],
    },
  };
  const copy = scheme.deepCopy(obj);
  assert.deepStrictEqual(copy, obj);
  assert.notEqual(copy.spec.values, obj.spec.values);
  assert.notEqual(copy.spec.values.nested.list[1], obj.spec.values.nested.list[1]);
  assert.notEqual(copy.spec.targets[0]!.ports, obj.spec.targets[0]!.ports);
  const list = {
    apiVersion: "samplecontroller.k8s.io/v1alpha1",
    kind: "FooList",
    metadata: {},
    items: [{ spec: { deploymentName: "d", replicas: 1 }, status: { availableReplicas: 0 } }],
  };
  const listCopy = scheme.deepCopy(list);
  assert.deepStrictEqual(listCopy, list);
  assert.notEqual(listCopy.items[0], list.items[0]);
  assert.throws(() => scheme.deepCopy({ apiVersion: "nope/v1", kind: "Nope" }), /no kind Nope registered/);
});

test("a kind with an undeclared list and cross-package fields deep-copies through the scheme", () => {
  const own = gadgets.addToScheme(new Scheme());
  const gadget = {
    apiVersion: "gadgets.example.com/v1",
    kind: "Gadget",
    metadata: { name: "g" },
    spec: { selector: null, upstream: { hosts: ["h"] }, endpoints: [{ hosts: ["e"], tier: "gold" }], extra: { a: { b: [1] } } },
    status: {
      conditions: [{ type: "Ready", status: "True", lastTransitionTime: "2024-01-01T00:00:00Z", reason: "R", message: "", hints: ["x"] }],
    },
  };
  const list = { apiVersion: "gadgets.example.com/v1", kind: "GadgetList", metadata: { resourceVersion: "7" }, items: [gadget] };
  const copy = own.deepCopy(list);
  assert.deepStrictEqual(copy, list);
  const item = copy.items[0]!;
  assert.notEqual(item.spec.upstream.hosts, gadget.spec.upstream.hosts);
  assert.notEqual(item.spec.extra.a.b, gadget.spec.extra.a.b);
  assert.notEqual(item.status.conditions[0]!.hints, gadget.status.conditions[0]!.hints);
  assert.equal(gadgets.gadgetRegistration.deepCopyList !== undefined, true);
});

test("a kind registered without copies says which marker selects them", () => {
  const s = new Scheme();
  s.addKnownTypes([
    {
      group: "a.example.com",
      version: "v1",
      kind: "Widget",
      listKind: "WidgetList",
      plural: "widgets",
      singular: "widget",
      namespaced: true,
      subresources: { status: false },
      shortNames: [],
      categories: [],
    },
  ]);
  assert.throws(() => s.deepCopy({ apiVersion: "a.example.com/v1", kind: "Widget" }), /\+k8s:deepcopy-gen=package/);
});
