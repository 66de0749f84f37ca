// Records how a real kube-apiserver 1.37 calls admission and conversion webhooks, into
// test/fixtures/apiserver-1.37/webhooks.json (see test/fixtures/PROVENANCE.md), so the test API
// server's admission can be built to it and its tests compare against the recording alone. Run it
// against a fresh real kube-apiserver 1.37.2 on loopback (PROVENANCE.md says how it was started):
//
//   node --import tsx scripts/record-webhooks-1.37.ts https://127.0.0.1:PORT admintoken
//
// The webhooks are this repository's own runtime (WebhookServer, a defaulter, a validator, a
// conversion through a hub), served on 127.0.0.1 with a fresh certificate the configurations
// trust by caBundle, so the recording also shows the real server driving our webhook server.
// Scenarios: a mutating webhook sets a default; a validating one denies with its message and
// warns; a multi-version CRD converts v1 ↔ v2 through the webhook on writes and reads; a webhook
// that is down with failurePolicy Fail and Ignore; a webhook that times out; a dry run against a
// webhook with side effects. Values that vary between runs (uids, times, resourceVersions, ports)
// are kept as recorded; the tests that replay them normalise them.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WebhookServer } from "@kube-codegen/runtime";
import { widgetConverter, widgetDefaulter, widgetValidator, type Widget } from "../test/fixtures/apiserver-1.37/widget-webhooks.js";
import { generateServerCertificate } from "../runtime/src/tls/index.js";
import { recorder, serverArgs, sleep } from "./recording.js";

const { base, token } = serverArgs("record-webhooks-1.37.ts");
const { step, write } = recorder(base, token);

// Our webhook server, on loopback with a certificate for 127.0.0.1.
const cert = generateServerCertificate("webhook-recording");
const certDir = mkdtempSync(join(tmpdir(), "kcg-webhook-recording-"));
writeFileSync(join(certDir, "tls.crt"), cert.certPem);
writeFileSync(join(certDir, "tls.key"), cert.keyPem);
const caBundle = Buffer.from(cert.certPem).toString("base64");
const server = new WebhookServer({ host: "127.0.0.1", port: 0, certDir });
server.register("/mutate-example-com-v1-widget", widgetDefaulter);
server.register("/validate-example-com-v1-widget", widgetValidator);
server.register("/slow", async () => {
  await sleep(3000);
  return { allowed: true };
});
const converter = widgetConverter();
server.registerJson("/convert", (body) => Promise.resolve(converter.review(body)));
const stop = new AbortController();
const running = server.run(stop.signal);
while (!server.address()) await sleep(10);
const hook = `https://127.0.0.1:${String(server.address()!.port)}`;
// A port nobody listens on: a webhook that is down.
const down = "https://127.0.0.1:1";

const schema = (props: Record<string, unknown>) => ({
  openAPIV3Schema: { type: "object", properties: { spec: { type: "object", properties: props } } },
});
const crd = {
  apiVersion: "apiextensions.k8s.io/v1",
  kind: "CustomResourceDefinition",
  metadata: { name: "widgets.example.com" },
  spec: {
    group: "example.com",
    names: { plural: "widgets", singular: "widget", kind: "Widget", listKind: "WidgetList" },
    scope: "Namespaced",
    versions: [
      { name: "v1", served: true, storage: false, schema: schema({ replicas: { type: "integer" }, image: { type: "string" } }) },
      {
        name: "v2",
        served: true,
        storage: true,
        schema: schema({
          size: { type: "integer" },
          containers: { type: "array", items: { type: "object", properties: { image: { type: "string" } } } },
        }),
      },
    ],
    conversion: {
      strategy: "Webhook",
      webhook: { conversionReviewVersions: ["v1"], clientConfig: { url: `${hook}/convert`, caBundle } },
    },
  },
};
const rule = { apiGroups: ["example.com"], apiVersions: ["v1"], operations: ["CREATE", "UPDATE"], resources: ["widgets"], scope: "*" };
const webhook = (name: string, url: string, extra: Record<string, unknown> = {}) => ({
  name,
  clientConfig: { url, caBundle },
  rules: [rule],
  sideEffects: "None",
  admissionReviewVersions: ["v1"],
  failurePolicy: "Fail",
  ...extra,
});
const W1 = "/apis/example.com/v1/namespaces/default/widgets";
const W2 = "/apis/example.com/v2/namespaces/default/widgets";
const MWC = "/apis/admissionregistration.k8s.io/v1/mutatingwebhookconfigurations";
const VWC = "/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations";
const widget = (name: string, spec: Widget["spec"]) => ({ apiVersion: "example.com/v1", kind: "Widget", metadata: { name }, spec });

try {
  await step("install the CRD with conversion.strategy Webhook", "POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", crd);
  await sleep(3000);
  await step("mutating webhook configuration", "POST", MWC, {
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "MutatingWebhookConfiguration",
    metadata: { name: "widgets-mutating" },
    webhooks: [webhook("mwidget.example.com", `${hook}/mutate-example-com-v1-widget`)],
  });
  await step("validating webhook configuration", "POST", VWC, {
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "ValidatingWebhookConfiguration",
    metadata: { name: "widgets-validating" },
    webhooks: [webhook("vwidget.example.com", `${hook}/validate-example-com-v1-widget`)],
  });
  await sleep(3000);
  await step("create: the mutating webhook sets the default, the validator warns", "POST", W1, widget("defaulted", {}));
  await step("create: the validating webhook denies with its message", "POST", W1, widget("too-many", { replicas: 9, image: "nginx" }));
  await step("create through v1 (stored as v2 by conversion)", "POST", W1, widget("converted", { replicas: 3, image: "redis" }));
  await step("read at v2: converted by the webhook", "GET", `${W2}/converted`);
  await step("read back at v1: nothing lost", "GET", `${W1}/converted`);
  await step("list at v2: every item converted", "GET", W2);

  // A webhook that is down: Fail refuses the write, Ignore lets it through.
  await step("validating configuration pointing at a webhook that is down, failurePolicy Fail", "POST", VWC, {
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "ValidatingWebhookConfiguration",
    metadata: { name: "widgets-down-fail" },
    webhooks: [webhook("down-fail.example.com", `${down}/validate`)],
  });
  await sleep(3000);
  await step("create with a Fail webhook down", "POST", W1, widget("down-fail", { image: "x" }));
  await step("remove the Fail webhook", "DELETE", `${VWC}/widgets-down-fail`);
  await step("validating configuration pointing at a webhook that is down, failurePolicy Ignore", "POST", VWC, {
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "ValidatingWebhookConfiguration",
    metadata: { name: "widgets-down-ignore" },
    webhooks: [webhook("down-ignore.example.com", `${down}/validate`, { failurePolicy: "Ignore" })],
  });
  await sleep(3000);
  await step("create with an Ignore webhook down", "POST", W1, widget("down-ignore", { image: "x" }));
  await step("remove the Ignore webhook", "DELETE", `${VWC}/widgets-down-ignore`);

  // A webhook slower than its timeoutSeconds.
  await step("validating configuration with a 1 s timeout on a webhook that takes 3 s", "POST", VWC, {
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "ValidatingWebhookConfiguration",
    metadata: { name: "widgets-slow" },
    webhooks: [webhook("slow.example.com", `${hook}/slow`, { timeoutSeconds: 1 })],
  });
  await sleep(3000);
  await step("create with a slow Fail webhook", "POST", W1, widget("slow", { image: "x" }));
  await step("remove the slow webhook", "DELETE", `${VWC}/widgets-slow`);

  // Dry run against a webhook whose side effects are Unknown.
  await step("validating configuration with sideEffects Unknown refused (v1 allows only None and NoneOnDryRun)", "POST", VWC, {
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "ValidatingWebhookConfiguration",
    metadata: { name: "widgets-side-effects" },
    webhooks: [webhook("side-effects.example.com", `${hook}/validate-example-com-v1-widget`, { sideEffects: "Unknown" })],
  });
  await sleep(1000);
  await step(
    "dry-run create: the webhooks (sideEffects None) are called with dryRun, nothing stored",
    "POST",
    `${W1}?dryRun=All`,
    widget("dry", { replicas: 9 }),
  );
  await step("the dry-run object was not stored", "GET", `${W1}/dry`);
} finally {
  stop.abort();
  await running;
}
write("webhooks.json");
