// The selector builders and name validation, without a server: the strings they build are the
// ones labels.Selector and fields.Selector write, and bad input fails here with a clear message.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  InvalidNameError,
  fieldSelectorString,
  labelSelectorString,
  resourcePath,
  validateNamespace,
  validateObjectName,
} from "../src/index.js";

test("label selectors: maps, matchLabels and matchExpressions, sorted by key with sorted values", () => {
  assert.equal(labelSelectorString("a=b"), "a=b");
  assert.equal(labelSelectorString({ tier: "web", app: "demo" }), "app=demo,tier=web");
  assert.equal(
    labelSelectorString({
      matchLabels: { app: "demo" },
      matchExpressions: [
        { key: "zone", operator: "In", values: ["b", "a"] },
        { key: "env", operator: "NotIn", values: ["prod"] },
        { key: "canary", operator: "DoesNotExist" },
        { key: "owner", operator: "Exists" },
      ],
    }),
    "app=demo,!canary,env notin (prod),owner,zone in (a,b)",
  );
  assert.equal(labelSelectorString({ matchLabels: "x" }), "matchLabels=x", "a label named matchLabels is a label");
  assert.equal(labelSelectorString({}), "");
  assert.throws(() => labelSelectorString({ matchExpressions: [{ key: "a", operator: "In" }] }), /needs at least one value/);
  assert.throws(() => labelSelectorString({ matchExpressions: [{ key: "a", operator: "Exists", values: ["x"] }] }), /takes no values/);
  assert.throws(() => labelSelectorString({ matchExpressions: [{ key: "a", operator: "Gt", values: ["1"] }] }), /unknown operator/);
});

test("field selectors: equality and inequality, values escaped", () => {
  assert.equal(fieldSelectorString({ "metadata.name": "x" }), "metadata.name=x");
  assert.equal(
    fieldSelectorString({ "status.phase": { not: "Running" }, "metadata.namespace": "a,b=c\\" }),
    "metadata.namespace=a\\,b\\=c\\\\,status.phase!=Running",
  );
  assert.equal(fieldSelectorString("spec.nodeName="), "spec.nodeName=");
});

test("names: DNS-1123 subdomains and labels, path segments, limits", () => {
  for (const bad of ["", ".", "..", "../x", "a/b", "a%2Fb", "UPPER", "-a", "a-", "a_b", "x".repeat(254)]) {
    assert.throws(() => validateObjectName(bad), InvalidNameError, JSON.stringify(bad));
  }
  for (const good of ["a", "a.b-c", "0abc", "x".repeat(253)]) validateObjectName(good);
  assert.throws(() => validateNamespace("a.b"), /RFC 1123 label/);
  assert.throws(() => validateNamespace("x".repeat(64)), /no more than 63/);
  validateNamespace("x".repeat(63));
  validateObjectName("system:controller:x", "path-segment");
  assert.throws(() => validateObjectName("system/x", "path-segment"), /may not contain '\/'/);
  assert.throws(() => validateObjectName("..", "path-segment"), /may not be '\.\.'/);
  assert.throws(() => validateObjectName("", "dns1123-label"), /must not be empty/);
});

test("resource paths: core and group paths, namespaces, subresources, segments encoded", () => {
  const cm = { group: "", version: "v1", plural: "configmaps", kind: "ConfigMap", namespaced: true };
  const role = {
    group: "rbac.authorization.k8s.io",
    version: "v1",
    plural: "clusterroles",
    kind: "ClusterRole",
    namespaced: false,
    nameRule: "path-segment" as const,
  };
  assert.equal(resourcePath(cm, undefined), "/api/v1/configmaps");
  assert.equal(resourcePath(cm, "team", "x", "status"), "/api/v1/namespaces/team/configmaps/x/status");
  assert.equal(resourcePath(role, undefined, "system:a b?#"), "/apis/rbac.authorization.k8s.io/v1/clusterroles/system%3Aa%20b%3F%23");
  assert.throws(() => resourcePath(cm, "team", "../x"), /invalid name "\.\.\/x"/);
  assert.throws(() => resourcePath(cm, "../kube-system", "x"), /invalid namespace/);
  assert.throws(() => resourcePath(cm, "team", "x", "a/b"), /invalid subresource/);
});
