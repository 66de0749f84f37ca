// Admission webhooks as controller-runtime serves them, over real HTTPS: a defaulter's answer is
// the JSON Patch from the object sent to the object defaulted (and applying it, with the test
// server's own patch library, gives the defaulted object, for any JSON); a validator's denial is a
// 403 Forbidden with its message, an ApiError's Status passes through as it is, warnings are kept
// either way, DELETE validates the old object and is never defaulted; the uid and the review's
// version are echoed; a request the server cannot read is answered with the error in the
// response's status; the certificate is read again when its files change; and the Manager runs
// the server with a kind's handlers at controller-runtime's paths.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import { join } from "node:path";
import type { TLSSocket } from "node:tls";
import fc from "fast-check";
import {
  ApiError,
  Manager,
  WebhookServer,
  createJsonPatch,
  defaultingHandler,
  mutatePath,
  newWebhookManagedBy,
  validatePath,
  validatingHandler,
  type AdmissionRequest,
  type AdmissionReview,
  type KubeObject,
} from "../../src/index.js";
import { generateServerCertificate } from "../../src/tls/index.js";
import { applyJsonPatch } from "../../../testing/src/patch/json-patch.js";
import type { JsonValue } from "../../../testing/src/patch/json.js";
import { tempDir as tempDirOf } from "../helpers.js";

const tempDir = (): string => tempDirOf().dir;

interface Foo extends KubeObject {
  spec: { replicas?: number; image?: string; tags?: string[] };
}

function certDir(): { dir: string; ca: string } {
  const dir = tempDir();
  const cert = generateServerCertificate("webhook-test");
  writeFileSync(join(dir, "tls.crt"), cert.certPem);
  writeFileSync(join(dir, "tls.key"), cert.keyPem);
  return { dir, ca: cert.certPem };
}

/** POSTs `body` to the server and returns the status, the parsed answer and the certificate it presented. */
function post(port: number, ca: string, path: string, body: string, contentType = "application/json") {
  return new Promise<{ code: number; json: AdmissionReview; text: string; fingerprint: string }>((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, path, method: "POST", ca, headers: { "Content-Type": contentType }, agent: false },
      (res) => {
        const fingerprint = (res.socket as TLSSocket).getPeerCertificate().fingerprint256;
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => {
          let json = {} as AdmissionReview;
          try {
            json = JSON.parse(text) as AdmissionReview;
          } catch {
            // not JSON (a 404's text)
          }
          resolve({ code: res.statusCode ?? 0, json, text, fingerprint });
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

function review(
  operation: AdmissionRequest["operation"],
  object: Foo | null,
  oldObject: Foo | null = null,
  apiVersion = "admission.k8s.io/v1",
): string {
  return JSON.stringify({
    apiVersion,
    kind: "AdmissionReview",
    request: {
      uid: "705ab4f5-6393-11e8-b7cc-42010a800002",
      kind: { group: "samplecontroller.k8s.io", version: "v1alpha1", kind: "Foo" },
      resource: { group: "samplecontroller.k8s.io", version: "v1alpha1", resource: "foos" },
      name: "web",
      namespace: "default",
      operation,
      userInfo: { username: "admin" },
      object,
      oldObject,
    },
  });
}

const foo = (spec: Foo["spec"]): Foo => ({
  apiVersion: "samplecontroller.k8s.io/v1alpha1",
  kind: "Foo",
  metadata: { name: "web", namespace: "default" },
  spec,
});

async function withServer(
  configure: (s: WebhookServer) => void,
  fn: (port: number, ca: string, dir: string) => Promise<void>,
  reloadMs = 10_000,
) {
  const { dir, ca } = certDir();
  const server = new WebhookServer({ host: "127.0.0.1", port: 0, certDir: dir, certReloadIntervalMs: reloadMs });
  configure(server);
  const stop = new AbortController();
  const running = server.run(stop.signal);
  while (!server.address()) await new Promise((r) => setTimeout(r, 5));
  try {
    await fn(server.address()!.port, ca, dir);
  } finally {
    stop.abort();
    await running;
  }
}

test("a JSON Patch from createJsonPatch, applied by the test server's patch library, turns any JSON value into the other", () => {
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 4 }), fc.jsonValue({ maxDepth: 4 }), (a, b) => {
      // Through JSON, so no two places share an object (the applier changes its document in place).
      const from = JSON.parse(JSON.stringify({ spec: a, "we/ird~key": a })) as JsonValue;
      const to = JSON.parse(JSON.stringify({ spec: b, "we/ird~key": b, extra: [a, b] })) as JsonValue;
      const applied = applyJsonPatch(from, createJsonPatch(from, to) as unknown as JsonValue);
      assert.ok(applied.ok, JSON.stringify(applied));
      assert.deepEqual(applied.value, to);
    }),
    { numRuns: 300 },
  );
  assert.deepEqual(createJsonPatch({ a: [1, 2, 3] }, { a: [1] }), [
    { op: "remove", path: "/a/2" },
    { op: "remove", path: "/a/1" },
  ]);
});

test("a defaulter answers with the JSON Patch of its changes; the uid and the review's version are echoed; DELETE is allowed unpatched", async () => {
  const defaulter = defaultingHandler<Foo>({
    default(obj) {
      obj.spec.replicas ??= 1;
      obj.spec.tags ??= ["web"];
    },
  });
  await withServer(
    (s) => s.register("/mutate-foo", defaulter),
    async (port, ca) => {
      const r = await post(port, ca, "/mutate-foo", review("CREATE", foo({ image: "nginx" })));
      assert.equal(r.code, 200);
      assert.equal(r.json.apiVersion, "admission.k8s.io/v1");
      const res = r.json.response!;
      assert.equal(res.uid, "705ab4f5-6393-11e8-b7cc-42010a800002");
      assert.equal(res.allowed, true);
      assert.equal(res.patchType, "JSONPatch");
      assert.deepEqual(JSON.parse(Buffer.from(res.patch!, "base64").toString()), [
        { op: "add", path: "/spec/replicas", value: 1 },
        { op: "add", path: "/spec/tags", value: ["web"] },
      ]);
      assert.deepEqual(res.status, { metadata: {}, code: 200 });

      const nothing = await post(
        port,
        ca,
        "/mutate-foo",
        review("UPDATE", foo({ replicas: 2, tags: [] }), foo({}), "admission.k8s.io/v1beta1"),
      );
      assert.equal(nothing.json.apiVersion, "admission.k8s.io/v1beta1", "answered in the review's own version");
      assert.equal(nothing.json.response?.patch, undefined, "nothing to default: no patch");
      assert.equal(nothing.json.response?.allowed, true);

      const del = await post(port, ca, "/mutate-foo", review("DELETE", null, foo({})));
      assert.deepEqual(del.json.response, {
        uid: "705ab4f5-6393-11e8-b7cc-42010a800002",
        allowed: true,
        status: { metadata: {}, code: 200 },
      });
    },
  );
});

test("a validator's denial is 403 Forbidden with its message; an ApiError's Status passes through; warnings are kept; DELETE validates the old object", async () => {
  const seen: string[] = [];
  const validator = validatingHandler<Foo>({
    validateCreate(obj) {
      if ((obj.spec.replicas ?? 0) > 5) throw new Error("spec.replicas: must be at most 5");
      return obj.spec.image === undefined ? ["spec.image is unset: nginx:latest will be used"] : [];
    },
    validateUpdate(oldObj, newObj) {
      if (oldObj.spec.image !== newObj.spec.image)
        throw new ApiError({
          kind: "Status",
          apiVersion: "v1",
          status: "Failure",
          message: 'Foo.samplecontroller.k8s.io "web" is invalid: spec.image: Forbidden: immutable',
          reason: "Invalid",
          code: 422,
        });
    },
    validateDelete(obj) {
      seen.push(`delete ${obj.metadata?.name ?? ""} with ${String(obj.spec.replicas)}`);
      return ["deleting a Foo stops its pods"];
    },
  });
  await withServer(
    (s) => s.register("/validate-foo", validator),
    async (port, ca) => {
      const ok = await post(port, ca, "/validate-foo", review("CREATE", foo({ replicas: 1 })));
      assert.deepEqual(ok.json.response, {
        uid: "705ab4f5-6393-11e8-b7cc-42010a800002",
        allowed: true,
        status: { metadata: {}, code: 200 },
        warnings: ["spec.image is unset: nginx:latest will be used"],
      });
      const no = await post(port, ca, "/validate-foo", review("CREATE", foo({ replicas: 9, image: "x" })));
      assert.deepEqual(no.json.response, {
        uid: "705ab4f5-6393-11e8-b7cc-42010a800002",
        allowed: false,
        status: { metadata: {}, code: 403, reason: "Forbidden", message: "spec.replicas: must be at most 5" },
      });
      const invalid = await post(port, ca, "/validate-foo", review("UPDATE", foo({ image: "b" }), foo({ image: "a" })));
      assert.equal(invalid.json.response?.allowed, false);
      assert.equal(invalid.json.response?.status?.code, 422);
      assert.equal(invalid.json.response?.status?.reason, "Invalid");
      assert.match(invalid.json.response?.status?.message ?? "", /spec\.image: Forbidden: immutable/);
      const del = await post(port, ca, "/validate-foo", review("DELETE", null, foo({ replicas: 3 })));
      assert.equal(del.json.response?.allowed, true);
      assert.deepEqual(del.json.response?.warnings, ["deleting a Foo stops its pods"]);
      assert.deepEqual(seen, ["delete web with 3"]);
    },
  );
});

test("requests the server cannot read: the error in the response's status, as controller-runtime answers; an unknown path is 404", async () => {
  await withServer(
    (s) => s.register("/validate-foo", validatingHandler<Foo>({})),
    async (port, ca) => {
      const type = await post(port, ca, "/validate-foo", review("CREATE", foo({})), "text/plain");
      assert.equal(type.code, 200);
      assert.deepEqual(type.json.response?.status, {
        metadata: {},
        code: 400,
        message: "contentType=text/plain, expected application/json",
      });
      assert.equal(type.json.response?.allowed, false);
      const empty = await post(port, ca, "/validate-foo", "");
      assert.equal(empty.json.response?.status?.message, "request body is empty");
      const noObject = await post(port, ca, "/validate-foo", review("CREATE", null));
      assert.deepEqual(noObject.json.response?.status, { metadata: {}, code: 400, message: "there is no object in the request" });
      const op = await post(port, ca, "/validate-foo", review("PATCH" as "CREATE", foo({})));
      assert.equal(op.json.response?.status?.message, 'unknown operation "PATCH"');
      const missing = await post(port, ca, "/nowhere", review("CREATE", foo({})));
      assert.equal(missing.code, 404);
    },
  );
});

test("a renewed certificate is served without a restart", async () => {
  await withServer(
    (s) => s.register("/validate-foo", validatingHandler<Foo>({})),
    async (port, ca, dir) => {
      const first = await post(port, ca, "/validate-foo", review("CREATE", foo({})));
      const renewed = generateServerCertificate("webhook-test-renewed");
      writeFileSync(join(dir, "tls.key"), renewed.keyPem);
      writeFileSync(join(dir, "tls.crt"), renewed.certPem);
      const deadline = Date.now() + 10_000;
      for (;;) {
        const r = await post(port, `${ca}${renewed.certPem}`, "/validate-foo", review("CREATE", foo({})));
        if (r.fingerprint !== first.fingerprint) {
          assert.equal(r.json.response?.allowed, true);
          break;
        }
        assert.ok(Date.now() < deadline, "the renewed certificate was never served");
        await new Promise((res) => setTimeout(res, 50));
      }
    },
    50,
  );
});

test("the Manager runs its webhook server with a kind's handlers at controller-runtime's paths", async () => {
  const { dir, ca } = certDir();
  mkdirSync(dir, { recursive: true });
  const mgr = new Manager({ webhook: { host: "127.0.0.1", port: 0, certDir: dir } });
  const kind = { group: "samplecontroller.k8s.io", version: "v1alpha1", kind: "Foo" };
  const paths = newWebhookManagedBy(mgr)
    .for<Foo>(kind)
    .withDefaulter({ default: (o) => void (o.spec.replicas ??= 1) })
    .withValidator({ validateCreate: () => ["checked"] })
    .complete();
  assert.deepEqual(paths, {
    mutate: "/mutate-samplecontroller-k8s-io-v1alpha1-foo",
    validate: "/validate-samplecontroller-k8s-io-v1alpha1-foo",
  });
  assert.equal(mutatePath(kind), paths.mutate);
  assert.equal(validatePath(kind), paths.validate);
  assert.deepEqual(mgr.getWebhookServer().paths(), [paths.mutate, paths.validate].sort());
  const stop = new AbortController();
  const running = mgr.start(stop.signal);
  try {
    const server = mgr.getWebhookServer();
    while (!server.address()) await new Promise((r) => setTimeout(r, 5));
    const port = server.address()!.port;
    const m = await post(port, ca, paths.mutate, review("CREATE", foo({})));
    assert.equal(m.json.response?.patchType, "JSONPatch");
    const v = await post(port, ca, paths.validate, review("CREATE", foo({})));
    assert.deepEqual(v.json.response?.warnings, ["checked"]);
  } finally {
    stop.abort();
    await running;
  }
  assert.throws(() => mgr.getWebhookServer().register(paths.mutate, validatingHandler({})), /already registered/, "one handler per path");
});

test("conversion through the hub: v1 → v2 → v1 loses nothing; errors are a Failure result with controller-runtime's message; the Manager serves /convert", async () => {
  // v1 has spec.replicas and spec.image; v2 (the hub) has spec.size and spec.containers[0].image,
  // and keeps what v1 cannot say in an annotation, as a lossless conversion does.
  interface Spoke extends KubeObject {
    spec: { replicas?: number | undefined; image?: string | undefined };
  }
  interface Hub extends KubeObject {
    spec: { size?: number | undefined; containers?: { image: string }[]; paused?: boolean };
  }
  const LOST = "conversion.example.com/v2-paused";
  const v1 = {
    toHub(o: KubeObject): KubeObject {
      const s = o as Spoke;
      const meta = { ...s.metadata, annotations: { ...s.metadata?.annotations } };
      const paused = meta.annotations[LOST];
      delete meta.annotations[LOST];
      if (Object.keys(meta.annotations).length === 0) delete (meta as { annotations?: unknown }).annotations;
      const hub: Hub = {
        ...s,
        metadata: meta,
        spec: { size: s.spec.replicas, ...(s.spec.image ? { containers: [{ image: s.spec.image }] } : {}) },
      };
      if (paused !== undefined) hub.spec.paused = paused === "true";
      return JSON.parse(JSON.stringify(hub)) as KubeObject;
    },
    fromHub(o: KubeObject): KubeObject {
      const h = o as Hub;
      const spoke: Spoke = { ...h, spec: { replicas: h.spec.size, image: h.spec.containers?.[0]?.image } };
      if (h.spec.paused !== undefined)
        spoke.metadata = { ...h.metadata, annotations: { ...h.metadata?.annotations, [LOST]: String(h.spec.paused) } };
      return JSON.parse(JSON.stringify(spoke)) as KubeObject;
    },
  };
  const { dir, ca } = certDir();
  const mgr = new Manager({ webhook: { host: "127.0.0.1", port: 0, certDir: dir } });
  const paths = newWebhookManagedBy(mgr)
    .for({ group: "example.com", version: "v2", kind: "Widget" })
    .withConversion("v2", { v1 })
    .complete();
  assert.equal(paths.convert, "/convert");
  const stop = new AbortController();
  const running = mgr.start(stop.signal);
  try {
    const server = mgr.getWebhookServer();
    while (!server.address()) await new Promise((r) => setTimeout(r, 5));
    const port = server.address()!.port;
    const convert = async (objects: KubeObject[], desiredAPIVersion: string) => {
      const r = await post(
        port,
        ca,
        "/convert",
        JSON.stringify({
          apiVersion: "apiextensions.k8s.io/v1",
          kind: "ConversionReview",
          request: { uid: "u-1", desiredAPIVersion, objects },
        }),
      );
      return r.json as unknown as {
        response: { uid: string; convertedObjects?: KubeObject[]; result: { status: string; message?: string } };
      };
    };
    const hubObject: Hub = {
      apiVersion: "example.com/v2",
      kind: "Widget",
      metadata: { name: "w", labels: { a: "b" } },
      spec: { size: 3, containers: [{ image: "nginx" }], paused: true },
    };
    const down = await convert([hubObject], "example.com/v1");
    assert.equal(down.response.uid, "u-1");
    assert.equal(down.response.result.status, "Success");
    const spoke = down.response.convertedObjects![0]!;
    assert.equal(spoke.apiVersion, "example.com/v1");
    assert.deepEqual((spoke as Spoke).spec, { replicas: 3, image: "nginx" });
    const up = await convert([spoke], "example.com/v2");
    assert.deepEqual(up.response.convertedObjects, [hubObject], "v2 → v1 → v2 is the identity");
    const spokeObject: Spoke = {
      apiVersion: "example.com/v1",
      kind: "Widget",
      metadata: { name: "s" },
      spec: { replicas: 2, image: "redis" },
    };
    const round = await convert([spokeObject], "example.com/v2");
    assert.deepEqual(
      (await convert(round.response.convertedObjects!, "example.com/v1")).response.convertedObjects,
      [spokeObject],
      "v1 → v2 → v1 is the identity",
    );

    const unknown = await convert([{ apiVersion: "example.com/v3", kind: "Widget", metadata: { name: "x" } }], "example.com/v1");
    assert.equal(unknown.response.result.status, "Failure");
    assert.equal(unknown.response.convertedObjects, undefined);
    assert.match(unknown.response.result.message ?? "", /version v3 has no conversion to the hub v2/);
    const same = await convert([spokeObject], "example.com/v1");
    assert.equal(same.response.result.message, "conversion is not allowed between same type example.com/v1, Kind=Widget");
    const bad = await post(port, ca, "/convert", JSON.stringify({ kind: "ConversionReview" }));
    assert.equal(bad.code, 400, "no request: 400, as controller-runtime");
  } finally {
    stop.abort();
    await running;
  }
});
