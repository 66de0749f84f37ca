// client-go's metadata client (and controller-runtime's metadata-only watches through it) reads with
// `Accept: application/vnd.kubernetes.protobuf;as=PartialObjectMetadata;g=meta.k8s.io;v=v1, …json…`.
// kube-apiserver 1.37.2 answers with the object reduced to its metadata, in protobuf for a built-in
// (test/fixtures/protobuf-1.37/configmaps-partial.* and configmaplist-partial.*, which protobuf.test.ts
// replays byte for byte); the test server used to answer the whole object in JSON. Found by
// hack/client-go-conformance's metadata step; also the scale subresource in protobuf (UpdateScale).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { parse } from "yaml";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { decodeProtobufObject, encodeProtobufObject } from "../../testing/src/endpoints/protobuf/objects.js";
import { rawCall, type RawAnswer } from "./api-client.js";

const PB = "application/vnd.kubernetes.protobuf";
const META = "g=meta.k8s.io;v=v1";
/** What client-go v0.37's metadata client sends for a get or a watch (a list says PartialObjectMetadataList). */
const metadataAccept = (as: string): string => `${PB};as=${as};${META},application/json;as=${as};${META},application/json`;
const FOOS = join(import.meta.dirname, "../../generated-examples/sample-controller/config/crd/bases/samplecontroller.k8s.io_foos.yaml");

type Json = Record<string, unknown>;
let server: TestApiServer;

before(async () => {
  server = await startTestApiServer({ tls: false, crds: [parse(readFileSync(FOOS, "utf8")) as Json] });
  await call("POST", "/api/v1/namespaces/default/configmaps", {
    body: Buffer.from(JSON.stringify({ metadata: { name: "cm", labels: { app: "x" } }, data: { big: "value" } })),
    contentType: "application/json",
  });
});

after(async () => {
  await server.stop();
});

const call = (method: string, path: string, opts?: Parameters<typeof rawCall>[3]): Promise<RawAnswer> =>
  rawCall(server, method, path, opts);

test("a get as PartialObjectMetadata is the object's metadata, in protobuf when the Accept prefers it", async () => {
  const full = JSON.parse((await call("GET", "/api/v1/namespaces/default/configmaps/cm")).body.toString("utf8")) as Json;
  const pb = await call("GET", "/api/v1/namespaces/default/configmaps/cm", { accept: metadataAccept("PartialObjectMetadata") });
  assert.equal(pb.status, 200);
  assert.equal(pb.type, PB);
  assert.deepEqual(decodeProtobufObject(pb.body), {
    kind: "PartialObjectMetadata",
    apiVersion: "meta.k8s.io/v1",
    metadata: full["metadata"],
  });
  const json = await call("GET", "/api/v1/namespaces/default/configmaps/cm", {
    accept: `application/json;as=PartialObjectMetadata;${META}`,
  });
  assert.equal(json.type, "application/json");
  assert.deepEqual(JSON.parse(json.body.toString("utf8")), {
    kind: "PartialObjectMetadata",
    apiVersion: "meta.k8s.io/v1",
    metadata: full["metadata"],
  });
});

test("a list as PartialObjectMetadataList carries each item's metadata; an empty one has items null", async () => {
  const pb = await call("GET", "/api/v1/namespaces/default/configmaps", { accept: metadataAccept("PartialObjectMetadataList") });
  assert.equal(pb.type, PB);
  const list = decodeProtobufObject(pb.body);
  assert.equal(list["kind"], "PartialObjectMetadataList");
  assert.deepEqual(
    (list["items"] as Json[]).map((i) => (i["metadata"] as Json)["name"]),
    ["cm"],
  );
  const empty = await call("GET", "/api/v1/namespaces/kube-system/configmaps?labelSelector=none%3Dhere", {
    accept: `application/json;as=PartialObjectMetadataList;${META}`,
  });
  const body = JSON.parse(empty.body.toString("utf8")) as Json;
  assert.equal(body["kind"], "PartialObjectMetadataList");
  assert.equal(body["items"], null);
});

test("asking for a list's form of one object, or one object's of a list, is the real server's 406", async () => {
  const list = await call("GET", "/api/v1/namespaces/default/configmaps", { accept: `application/json;as=PartialObjectMetadata;${META}` });
  assert.equal(list.status, 406);
  assert.equal(
    (JSON.parse(list.body.toString("utf8")) as Json)["message"],
    "you requested PartialObjectMetadata, but the requested object is a list (*core.ConfigMapList)",
  );
  const one = await call("GET", "/api/v1/namespaces/default/configmaps/cm", {
    accept: `application/json;as=PartialObjectMetadataList;${META}`,
  });
  assert.equal(one.status, 406);
  assert.equal(
    (JSON.parse(one.body.toString("utf8")) as Json)["message"],
    "you requested PartialObjectMetadataList, but the requested object is not a list (*core.ConfigMap)",
  );
});

test("a streaming-list watch as PartialObjectMetadata sends metadata-only events and bookmark", async () => {
  const res = await call(
    "GET",
    "/api/v1/namespaces/default/configmaps?watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true&timeoutSeconds=1",
    { accept: `application/json;as=PartialObjectMetadata;${META},application/json` },
  );
  const events = res.body
    .toString("utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { type: string; object: Json });
  assert.deepEqual(
    events.slice(0, 2).map((e) => [e.type, e.object["kind"], e.object["apiVersion"]]),
    [
      ["ADDED", "PartialObjectMetadata", "meta.k8s.io/v1"],
      ["BOOKMARK", "PartialObjectMetadata", "meta.k8s.io/v1"],
    ],
  );
  assert.equal((events[0]?.object["metadata"] as Json)["name"], "cm");
  assert.equal(events[0]?.object["data"], undefined);
  // As 1.37.2 writes it: only the resourceVersion and the initial-events-end annotation.
  assert.deepEqual(Object.keys(events[1]?.object["metadata"] as Json), ["resourceVersion", "annotations"]);
  assert.deepEqual((events[1]?.object["metadata"] as Json)["annotations"], { "k8s.io/initial-events-end": "true" });
});

test("a custom resource read by the metadata client gets PartialObjectMetadata in JSON (it has no protobuf form)", async () => {
  const foo = {
    apiVersion: "samplecontroller.k8s.io/v1alpha1",
    kind: "Foo",
    metadata: { name: "f" },
    spec: { deploymentName: "d", replicas: 1 },
  };
  const created = await call("POST", "/apis/samplecontroller.k8s.io/v1alpha1/namespaces/default/foos", {
    body: Buffer.from(JSON.stringify(foo)),
    contentType: "application/json",
  });
  assert.equal(created.status, 201, created.body.toString("utf8"));
  const res = await call("GET", "/apis/samplecontroller.k8s.io/v1alpha1/namespaces/default/foos/f", {
    accept: metadataAccept("PartialObjectMetadata"),
  });
  assert.equal(res.status, 200);
  assert.equal(res.type, "application/json");
  const body = JSON.parse(res.body.toString("utf8")) as Json;
  assert.equal(body["kind"], "PartialObjectMetadata");
  assert.equal((body["metadata"] as Json)["name"], "f");
  assert.equal(body["spec"], undefined);
});

test("the scale subresource speaks protobuf: an autoscaling/v1 Scale read and written as client-go's UpdateScale does", async () => {
  const deployment = {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name: "web" },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: "web" } },
      template: { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "c", image: "i" }] } },
    },
  };
  const created = await call("POST", "/apis/apps/v1/namespaces/default/deployments", {
    body: Buffer.from(JSON.stringify(deployment)),
    contentType: "application/json",
  });
  assert.equal(created.status, 201);
  const path = "/apis/apps/v1/namespaces/default/deployments/web/scale";
  const got = await call("GET", path, { accept: `${PB}, application/json` });
  assert.equal(got.type, PB);
  const scale = decodeProtobufObject(got.body);
  assert.deepEqual([scale["kind"], scale["spec"], (scale["status"] as Json)["selector"]], ["Scale", { replicas: 2 }, "app=web"]);
  const put = await call("PUT", path, {
    body: encodeProtobufObject({ ...scale, spec: { replicas: 3 } }),
    contentType: PB,
    accept: `${PB}, application/json`,
  });
  assert.equal(put.status, 200, put.body.toString("latin1"));
  assert.deepEqual(decodeProtobufObject(put.body)["spec"], { replicas: 3 });
  const after = JSON.parse((await call("GET", "/apis/apps/v1/namespaces/default/deployments/web")).body.toString("utf8")) as Json;
  assert.equal((after["spec"] as Json)["replicas"], 3);
});
