// A CRD's selectableFields, against kube-apiserver 1.37.2's answers
// (test/fixtures/apiserver-1.37/selectable-fields.json, recorded by
// scripts/record-selectable-fields-1.37.ts): each CRD is validated as the real server validates it,
// and a list of custom resources with a field selector on a selectable field gives the same objects
// (or the same 400 for a field that is not selectable). Under emulate 1.24 there are no selectable fields.
import assert from "node:assert/strict";
import { test } from "node:test";
import { LAMP_CRD } from "../fixtures/apiserver-1.37/selectable-fields-cases.js";
import { bothServers, call, recording, replay } from "./recorded-1.37.js";

const RECORDED = recording("selectable-fields.json");

const servers = bothServers();

test("the recording refuses some CRDs and some selectors, and filters by every selectable field type", () => {
  const lists = RECORDED.filter((x) => x.step.startsWith("list "));
  assert.ok(RECORDED.filter((x) => x.response.status === 422).length >= 8);
  assert.ok(lists.filter((x) => x.response.status === 400).length >= 2);
  assert.ok(lists.some((x) => x.step.includes("spec.watts")) && lists.some((x) => x.step.includes("spec.on")));
});

test("each request is answered as kube-apiserver 1.37.2 answered it", async () => {
  assert.deepEqual(await replay(servers.server, RECORDED), []);
});

test("under emulate 1.24 a CRD's selectableFields are dropped and select nothing", async () => {
  assert.equal((await call(servers.legacy, "POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", LAMP_CRD)).status, 201);
  const crd = await call(servers.legacy, "GET", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/lamps.example.com");
  const versions = (crd.body as { spec: { versions: Record<string, unknown>[] } }).spec.versions;
  assert.equal(versions[0]?.["selectableFields"], undefined);
  const list = await call(servers.legacy, "GET", "/apis/example.com/v1/namespaces/default/lamps?fieldSelector=spec.color%3Dred");
  assert.equal(list.status, 400);
  assert.equal((list.body as { message: string }).message, "field label not supported: spec.color");
});
