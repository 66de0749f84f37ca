import { test } from "node:test";
import assert from "node:assert/strict";
import { compareVersions, groupGoNameOf, pluralize } from "../../src/model/index.js";

test("pluralize follows controller-gen's rules for resource names", () => {
  const cases: Record<string, string> = {
    foo: "foos",
    traefikservice: "traefikservices",
    policy: "policies",
    gateway: "gateways",
    ingress: "ingresses",
    box: "boxes",
    match: "matches",
    mesh: "meshes",
    quiz: "quizzes",
    status: "statuses",
    networkpolicy: "networkpolicies",
    endpoints: "endpoints",
    person: "people",
    key: "keys",
    day: "days",
    buzz: "buzzes",
  };
  for (const [s, p] of Object.entries(cases)) assert.equal(pluralize(s), p, s);
});

test("versions sort by Kubernetes priority", () => {
  const sorted = ["v1alpha1", "v2", "foo", "v1beta2", "v1", "v1beta1", "v10", "v2beta1", "bar"].sort(compareVersions);
  assert.deepEqual(sorted, ["v10", "v2", "v1", "v2beta1", "v1beta2", "v1beta1", "v1alpha1", "bar", "foo"]);
});

test("group Go names come from the first DNS label", () => {
  assert.equal(groupGoNameOf("samplecontroller.k8s.io"), "Samplecontroller");
  assert.equal(groupGoNameOf("my-group.example.com"), "MyGroup");
});
