// The "k8s\0" envelope is unwrapped in one place (testing/src/endpoints/protobuf-envelope.ts) for both
// protobuf bodies the test server reads: kubectl auth can-i's SelfSubjectAccessReview and the built-in
// writes of kubectl create. Both readers must see the same typeMeta and raw bytes.
import assert from "node:assert/strict";
import { test } from "node:test";
import { builtinProtobufToJson } from "../../testing/src/endpoints/builtin-protobuf.js";
import { unwrapUnknown } from "../../testing/src/endpoints/protobuf-envelope.js";
import { decodeReviewProtobuf } from "../../testing/src/endpoints/review-protobuf.js";

const bytes = (no: number, b: Buffer): Buffer => Buffer.concat([Buffer.from([no * 8 + 2, b.length]), b]);
const text = (no: number, s: string): Buffer => bytes(no, Buffer.from(s));

function envelope(apiVersion: string, kind: string, raw: Buffer): Buffer {
  return Buffer.concat([Buffer.from("k8s\0", "latin1"), bytes(1, Buffer.concat([text(1, apiVersion), text(2, kind)])), bytes(2, raw)]);
}

test("the envelope's typeMeta and raw bytes are read; a body without the magic, typeMeta or raw is not an envelope", () => {
  const raw = Buffer.from([0x0a, 0x00]);
  assert.deepEqual(unwrapUnknown(envelope("v1", "Secret", raw)), { apiVersion: "v1", kind: "Secret", raw });
  assert.equal(unwrapUnknown(Buffer.from('{"kind":"Secret"}')), undefined);
  assert.equal(unwrapUnknown(Buffer.concat([Buffer.from("k8s\0", "latin1"), text(2, "x")])), undefined);
  assert.equal(unwrapUnknown(Buffer.concat([Buffer.from("k8s\0", "latin1"), bytes(1, text(2, "Secret"))])), undefined);
});

test("a protobuf SelfSubjectAccessReview is decoded to its spec's resource attributes", () => {
  const attributes = Buffer.concat([text(1, "default"), text(2, "list"), text(3, "apps"), text(5, "deployments")]);
  const raw = Buffer.concat([bytes(1, Buffer.alloc(0)), bytes(2, bytes(1, attributes))]);
  assert.deepEqual(decodeReviewProtobuf(envelope("authorization.k8s.io/v1", "SelfSubjectAccessReview", raw)), {
    apiVersion: "authorization.k8s.io/v1",
    kind: "SelfSubjectAccessReview",
    metadata: {},
    spec: { resourceAttributes: { namespace: "default", verb: "list", group: "apps", resource: "deployments" } },
  });
  assert.equal(decodeReviewProtobuf(Buffer.from("{}")), undefined);
});

test("a built-in write body outside the envelope is 415, naming the envelope", () => {
  assert.throws(() => builtinProtobufToJson(Buffer.from("{}")), { code: 415, message: /without the k8s envelope/ });
});
