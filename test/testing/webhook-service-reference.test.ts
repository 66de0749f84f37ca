// A webhook configuration's `service` reference, resolved as kube-apiserver resolves it
// (k8s.io/apiserver/pkg/util/proxy ResolveCluster) against the Services the server stores. The
// expected texts and the Host header are what a real kube-apiserver 1.37.2 gave on 6 December 2026
// for the same configuration and Services (a validating webhook on loopback behind an ExternalName
// Service `wh` of externalName `localhost`, certificate for wh.default.svc): the denial, `service
// "wh" not found` with no Service, `no service port N found for service "wh"` for a ClusterIP
// Service without that port, and the webhook called with Host wh.default.svc:N.
import assert from "node:assert/strict";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import { generateServerCertificate } from "../../runtime/src/tls/index.js";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { ApiClient } from "./api-client.js";

let api: TestApiServer;
let client: ApiClient;
let hook: Server;
let port: number;
const hosts: string[] = [];

before(async () => {
  const cert = generateServerCertificate("wh", ["wh.default.svc"]);
  hook = createServer({ cert: cert.certPem, key: cert.keyPem }, (req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      hosts.push(req.headers.host ?? "");
      const review = JSON.parse(body) as { request: { uid: string } };
      res.setHeader("Content-Type", "application/json");
      res.end(
        JSON.stringify({
          apiVersion: "admission.k8s.io/v1",
          kind: "AdmissionReview",
          response: { uid: review.request.uid, allowed: false, status: { code: 403, message: "denied by wh" } },
        }),
      );
    });
  });
  await new Promise<void>((r) => hook.listen(0, "127.0.0.1", r));
  port = (hook.address() as AddressInfo).port;
  api = await startTestApiServer({ crds: [] });
  client = new ApiClient(api);
  const created = await client.request("POST", "/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations", {
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "ValidatingWebhookConfiguration",
    metadata: { name: "wh" },
    webhooks: [
      {
        name: "wh.example.com",
        admissionReviewVersions: ["v1"],
        sideEffects: "None",
        failurePolicy: "Fail",
        clientConfig: {
          caBundle: Buffer.from(cert.certPem).toString("base64"),
          service: { namespace: "default", name: "wh", port, path: "/validate" },
        },
        rules: [{ operations: ["CREATE"], apiGroups: [""], apiVersions: ["v1"], resources: ["configmaps"] }],
        namespaceSelector: { matchLabels: { wh: "on" } },
      },
    ],
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  await client.request("POST", "/api/v1/namespaces", {
    apiVersion: "v1",
    kind: "Namespace",
    metadata: { name: "whns", labels: { wh: "on" } },
  });
});

after(async () => {
  client.close();
  await api.stop();
  await new Promise((r) => hook.close(r));
});

async function setService(spec: Record<string, unknown> | undefined): Promise<void> {
  await client.request("DELETE", "/api/v1/namespaces/default/services/wh");
  if (spec) {
    const r = await client.request("POST", "/api/v1/namespaces/default/services", {
      apiVersion: "v1",
      kind: "Service",
      metadata: { name: "wh" },
      spec,
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
  }
}

async function createConfigMap(name: string): Promise<{ status: number; message: string }> {
  const r = await client.request("POST", "/api/v1/namespaces/whns/configmaps", { apiVersion: "v1", kind: "ConfigMap", metadata: { name } });
  return { status: r.status, message: String((r.body as { message?: unknown }).message ?? "") };
}

const postUrl = () => `Post "https://wh.default.svc:${port}/validate?timeout=10s"`;

test("without the Service the webhook cannot be reached: service not found", async () => {
  await setService(undefined);
  assert.deepEqual(await createConfigMap("a"), {
    status: 500,
    message: `Internal error occurred: failed calling webhook "wh.example.com": failed to call webhook: ${postUrl()}: service "wh" not found`,
  });
});

test("an ExternalName Service resolves to its externalName at the reference's port, named as the service", async () => {
  await setService({ type: "ExternalName", externalName: "localhost" });
  hosts.length = 0;
  assert.deepEqual(await createConfigMap("b"), {
    status: 403,
    message: 'admission webhook "wh.example.com" denied the request: denied by wh',
  });
  assert.deepEqual(hosts, [`wh.default.svc:${port}`]);
});

test("a ClusterIP Service without the reference's port: no service port found", async () => {
  await setService({ ports: [{ port: 443, targetPort: port }] });
  assert.deepEqual(await createConfigMap("c"), {
    status: 500,
    message: `Internal error occurred: failed calling webhook "wh.example.com": failed to call webhook: ${postUrl()}: no service port ${port} found for service "wh"`,
  });
});
