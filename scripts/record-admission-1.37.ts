// Records the admission behaviour of a real kube-apiserver 1.37 that webhooks.json does not cover,
// into test/fixtures/apiserver-1.37/admission.json (see test/fixtures/PROVENANCE.md), so the test API
// server's admission chain is built to it and its tests compare against the recording alone:
//
//   node --import tsx scripts/record-admission-1.37.ts https://127.0.0.1:PORT admintoken
//
// Besides each request and answer, every exchange keeps the AdmissionReview requests the real server
// sent to the webhooks during it (`calls`), so the shape of what a webhook receives (kind, resource,
// requestKind, userInfo, options, oldObject) is recorded too. The webhooks here are plain HTTPS
// handlers (not the runtime's WebhookServer) so that they can also answer badly: a JSON Patch that
// does not apply, a response for another uid, a body that is not JSON, an HTTP 500. They are in
// test/fixtures/apiserver-1.37/admission-webhooks.ts, which the replaying test serves too.
// Scenarios: validation and defaulting of webhook configurations; namespaceSelector and
// objectSelector; matchPolicy Exact and Equivalent across the versions of a CRD; reinvocation of a
// mutating webhook; denials with and without a status; the failure texts of misbehaving webhooks;
// UPDATE and DELETE operations; a status subresource rule.
import { recorder, serverArgs, sleep } from "./recording.js";
import { serveHooks } from "../test/testing/webhook-replay.js";
import { ADMISSION_HANDLERS, type Review } from "../test/fixtures/apiserver-1.37/admission-webhooks.js";

const { base, token } = serverArgs("record-admission-1.37.ts");
const { call, step, called, write } = recorder(base, token);

// The webhooks, served as the replaying test serves them (test/testing/webhook-replay.ts).
const hooks = await serveHooks((url, review) => {
  const request = review["request"] as Review["request"];
  called({ path: url, request });
  const h = ADMISSION_HANDLERS[url.split("?")[0] ?? ""];
  const a = h ? h(review as unknown as Review) : { status: 404, raw: "not found" };
  if (a.raw !== undefined) return { status: a.status ?? 200, raw: a.raw };
  return { body: { apiVersion: review["apiVersion"], kind: "AdmissionReview", response: { uid: request.uid, ...a.response } } };
});
const { caBundle, base: hook } = hooks;

const AR = "/apis/admissionregistration.k8s.io/v1";
const MWC = `${AR}/mutatingwebhookconfigurations`;
const VWC = `${AR}/validatingwebhookconfigurations`;
const CM = (ns: string) => `/api/v1/namespaces/${ns}/configmaps`;
const G = (v: string, ns = "default") => `/apis/example.com/${v}/namespaces/${ns}/gadgets`;
const cmRule = { apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE"], resources: ["configmaps"] };
const webhook = (name: string, path: string, extra: Record<string, unknown> = {}) => ({
  name,
  clientConfig: { url: `${hook}${path}`, caBundle },
  rules: [cmRule],
  sideEffects: "None",
  admissionReviewVersions: ["v1"],
  ...extra,
});
const config = (kind: "Validating" | "Mutating", name: string, webhooks: unknown[]) => ({
  apiVersion: "admissionregistration.k8s.io/v1",
  kind: `${kind}WebhookConfiguration`,
  metadata: { name },
  webhooks,
});
const cm = (name: string, labels?: Record<string, string>) => ({
  apiVersion: "v1",
  kind: "ConfigMap",
  metadata: { name, ...(labels ? { labels } : {}) },
  data: { k: "v" },
});
/** Installs a configuration, waits for the server to pick it up, runs `body`, removes it. */
async function withConfig(kind: "Validating" | "Mutating", name: string, webhooks: unknown[], body: () => Promise<void>) {
  const path = kind === "Validating" ? VWC : MWC;
  await step(`install ${name}`, "POST", path, config(kind, name, webhooks));
  await sleep(1500);
  try {
    await body();
  } finally {
    await step(`remove ${name}`, "DELETE", `${path}/${name}`);
    await sleep(1500);
  }
}

const schema = {
  openAPIV3Schema: {
    type: "object",
    properties: {
      spec: { type: "object", properties: { size: { type: "integer" } } },
      status: { type: "object", properties: { ready: { type: "boolean" } } },
    },
  },
};
const gadgets = {
  apiVersion: "apiextensions.k8s.io/v1",
  kind: "CustomResourceDefinition",
  metadata: { name: "gadgets.example.com" },
  spec: {
    group: "example.com",
    names: { plural: "gadgets", singular: "gadget", kind: "Gadget", listKind: "GadgetList" },
    scope: "Namespaced",
    versions: [
      { name: "v1", served: true, storage: false, schema, subresources: { status: {} } },
      { name: "v2", served: true, storage: true, schema, subresources: { status: {} } },
    ],
  },
};

try {
  // Webhook configurations: what the server fills in, and what it refuses.
  await step("a validating configuration with a service reference and no optional fields", "POST", VWC, {
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "ValidatingWebhookConfiguration",
    metadata: { name: "defaults" },
    webhooks: [
      {
        name: "svc.example.com",
        clientConfig: { service: { namespace: "default", name: "webhook" } },
        rules: [{ apiGroups: ["apps"], apiVersions: ["v1"], operations: ["*"], resources: ["deployments", "deployments/scale"] }],
        sideEffects: "NoneOnDryRun",
        admissionReviewVersions: ["v1", "v1beta1"],
      },
    ],
  });
  await step("remove the validating defaults configuration", "DELETE", `${VWC}/defaults`);
  await step("a mutating configuration with a service reference and no optional fields", "POST", MWC, {
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "MutatingWebhookConfiguration",
    metadata: { name: "defaults" },
    webhooks: [
      {
        name: "svc.example.com",
        clientConfig: { service: { namespace: "default", name: "webhook", path: "/mutate", port: 8443 } },
        sideEffects: "None",
        admissionReviewVersions: ["v1"],
      },
    ],
  });
  await step("remove the mutating defaults configuration", "DELETE", `${MWC}/defaults`);
  await step("a validating configuration wrong in every webhook", "POST", VWC, {
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "ValidatingWebhookConfiguration",
    metadata: { name: "invalid" },
    webhooks: [
      { name: "unqualified", clientConfig: { url: `${hook}/allow` }, sideEffects: "None", admissionReviewVersions: ["v1"] },
      { name: "dup.example.com", clientConfig: { url: `${hook}/allow` }, sideEffects: "None", admissionReviewVersions: ["v1"] },
      { name: "dup.example.com", clientConfig: { url: `${hook}/allow` }, sideEffects: "None", admissionReviewVersions: ["v1"] },
      { name: "noclient.example.com", clientConfig: {}, sideEffects: "None", admissionReviewVersions: ["v1"] },
      {
        name: "both.example.com",
        clientConfig: { url: `${hook}/allow`, service: { namespace: "default", name: "webhook" } },
        sideEffects: "None",
        admissionReviewVersions: ["v1"],
      },
      { name: "http.example.com", clientConfig: { url: "http://127.0.0.1/x" }, sideEffects: "None", admissionReviewVersions: ["v1"] },
      {
        name: "query.example.com",
        clientConfig: { url: "https://127.0.0.1/x?a=b#frag" },
        sideEffects: "None",
        admissionReviewVersions: ["v1"],
      },
      { name: "nosideeffects.example.com", clientConfig: { url: `${hook}/allow` }, admissionReviewVersions: ["v1"] },
      { name: "noversions.example.com", clientConfig: { url: `${hook}/allow` }, sideEffects: "None" },
      { name: "badversion.example.com", clientConfig: { url: `${hook}/allow` }, sideEffects: "None", admissionReviewVersions: ["v9"] },
      {
        name: "rules.example.com",
        clientConfig: { url: `${hook}/allow` },
        sideEffects: "None",
        admissionReviewVersions: ["v1"],
        rules: [
          { apiGroups: [], apiVersions: [], operations: [], resources: [] },
          {
            apiGroups: ["*", "apps"],
            apiVersions: ["v1"],
            operations: ["BOGUS", "*", "CREATE"],
            resources: ["*/*", "pods/*", "a/b/c"],
            scope: "Everywhere",
          },
        ],
      },
      {
        name: "policies.example.com",
        clientConfig: { url: `${hook}/allow` },
        sideEffects: "None",
        admissionReviewVersions: ["v1"],
        failurePolicy: "Maybe",
        matchPolicy: "Sometimes",
        timeoutSeconds: 31,
        namespaceSelector: { matchExpressions: [{ key: "env", operator: "In" }] },
        objectSelector: { matchLabels: { "bad key!": "x" } },
      },
      {
        name: "service.example.com",
        clientConfig: { service: { name: "", namespace: "", path: "no-slash", port: 70000 } },
        sideEffects: "None",
        admissionReviewVersions: ["v1"],
      },
    ],
  });
  await step("a mutating configuration with an unknown reinvocationPolicy", "POST", MWC, {
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "MutatingWebhookConfiguration",
    metadata: { name: "invalid" },
    webhooks: [
      {
        name: "m.example.com",
        clientConfig: { url: `${hook}/allow` },
        sideEffects: "None",
        admissionReviewVersions: ["v1"],
        reinvocationPolicy: "Always",
      },
    ],
  });

  await step("namespace team-a labelled env=test", "POST", "/api/v1/namespaces", {
    apiVersion: "v1",
    kind: "Namespace",
    metadata: { name: "team-a", labels: { env: "test" } },
  });
  await step("namespace team-b without labels", "POST", "/api/v1/namespaces", {
    apiVersion: "v1",
    kind: "Namespace",
    metadata: { name: "team-b" },
  });

  // Selectors: a webhook that denies everything it is called for, limited by namespace or object labels.
  await withConfig(
    "Validating",
    "ns-selector",
    [webhook("ns.example.com", "/deny-plain", { namespaceSelector: { matchLabels: { env: "test" } } })],
    async () => {
      await step("namespaceSelector matches: denied without explanation", "POST", CM("team-a"), cm("in-a"));
      await step("namespaceSelector does not match: not called", "POST", CM("team-b"), cm("in-b"));
    },
  );
  await withConfig(
    "Validating",
    "object-selector",
    [webhook("obj.example.com", "/deny-status", { objectSelector: { matchExpressions: [{ key: "guard", operator: "Exists" }] } })],
    async () => {
      await step("objectSelector matches: denied with the webhook's status", "POST", CM("team-b"), cm("guarded", { guard: "on" }));
      await step("objectSelector does not match: not called", "POST", CM("team-b"), cm("unguarded"));
    },
  );
  await withConfig("Validating", "deny-message", [webhook("msg.example.com", "/deny-message")], async () => {
    await step("denied with a message and no code", "POST", CM("team-b"), cm("msg"));
  });
  await withConfig("Validating", "warn", [webhook("warn.example.com", "/allow-warn")], async () => {
    await step("allowed with two warnings", "POST", CM("team-b"), cm("warned"));
  });

  // Misbehaving webhooks, each alone, failurePolicy Fail.
  for (const [path, what] of [
    ["/bad-patch", "a mutating webhook whose JSON Patch does not apply"],
    ["/patch-bad-type", "a mutating webhook answering a patchType other than JSONPatch"],
    ["/wrong-uid", "a mutating webhook answering for another uid"],
    ["/not-json", "a mutating webhook answering a body that is not JSON"],
    ["/http-500", "a mutating webhook answering HTTP 500"],
    ["/no-response", "a mutating webhook answering a review without a response"],
  ] as const) {
    const name = `m${path.replace(/\//g, "-")}`;
    await withConfig("Mutating", name, [webhook(`${path.slice(1)}.example.com`, path)], async () => {
      await step(what, "POST", CM("team-b"), cm(name));
    });
  }
  await withConfig("Validating", "v-bad-uid", [webhook("v-wrong-uid.example.com", "/wrong-uid")], async () => {
    await step("a validating webhook answering for another uid", "POST", CM("team-b"), cm("v-bad-uid"));
  });
  await withConfig(
    "Validating",
    "v-http-500-ignore",
    [webhook("v-500.example.com", "/http-500", { failurePolicy: "Ignore" })],
    async () => {
      await step("a validating webhook answering HTTP 500 with failurePolicy Ignore", "POST", CM("team-b"), cm("v-500-ignore"));
    },
  );
  await withConfig("Mutating", "m-patch-data", [webhook("m-data.example.com", "/patch-data")], async () => {
    await step("a mutating webhook that sets data", "POST", CM("team-b"), cm("patched-data"));
  });

  // Reinvocation: a adds label a, b adds label b; a is IfNeeded, so it runs again after b changed the object.
  await withConfig(
    "Mutating",
    "reinvoke",
    [webhook("a.example.com", "/label-a", { reinvocationPolicy: "IfNeeded" }), webhook("b.example.com", "/label-b")],
    async () => {
      await step("two mutating webhooks, the first IfNeeded: called a, b, a", "POST", CM("team-b"), cm("reinvoked", { start: "x" }));
    },
  );
  await withConfig("Mutating", "no-reinvoke", [webhook("a.example.com", "/label-a"), webhook("b.example.com", "/label-b")], async () => {
    await step("two mutating webhooks, both Never: called a, b", "POST", CM("team-b"), cm("not-reinvoked", { start: "x" }));
  });

  // UPDATE and DELETE: the old object, the operation's options; the denial texts.
  await step("a configmap to update and delete", "POST", CM("team-b"), cm("target"));
  await withConfig(
    "Validating",
    "update-delete",
    [webhook("ud.example.com", "/deny-message", { rules: [{ ...cmRule, operations: ["UPDATE", "DELETE"] }] })],
    async () => {
      const current = (await call("GET", `${CM("team-b")}/target`)).text;
      const obj = JSON.parse(current) as { data: Record<string, string> };
      obj.data["k"] = "changed";
      await step("update denied", "PUT", `${CM("team-b")}/target`, obj);
      await step("delete denied", "DELETE", `${CM("team-b")}/target`);
      await step("create not called (rule is UPDATE, DELETE)", "POST", CM("team-b"), cm("created-freely"));
    },
  );

  // matchPolicy across the versions of a CRD (conversion None).
  await step(
    "install the gadgets CRD (v1, v2 storage, conversion None)",
    "POST",
    "/apis/apiextensions.k8s.io/v1/customresourcedefinitions",
    gadgets,
  );
  await sleep(3000);
  const gRule = { apiGroups: ["example.com"], apiVersions: ["v2"], operations: ["CREATE"], resources: ["gadgets"] };
  const gadget = (v: string, name: string) => ({ apiVersion: `example.com/${v}`, kind: "Gadget", metadata: { name }, spec: { size: 1 } });
  await withConfig(
    "Validating",
    "exact",
    [webhook("exact.example.com", "/deny-message", { rules: [gRule], matchPolicy: "Exact" })],
    async () => {
      await step("matchPolicy Exact on v2: a create at v1 is not sent", "POST", G("v1"), gadget("v1", "exact-v1"));
      await step("matchPolicy Exact on v2: a create at v2 is sent", "POST", G("v2"), gadget("v2", "exact-v2"));
    },
  );
  await withConfig("Mutating", "equivalent", [webhook("equivalent.example.com", "/label-a", { rules: [gRule] })], async () => {
    await step("matchPolicy Equivalent on v2: a create at v1 is sent as v2 and mutated", "POST", G("v1"), gadget("v1", "equivalent-v1"));
  });
  await step("a gadget for the status rule", "POST", G("v2"), gadget("v2", "with-status"));
  await withConfig(
    "Validating",
    "status-rule",
    [webhook("status.example.com", "/deny-message", { rules: [{ ...gRule, operations: ["UPDATE"], resources: ["gadgets/status"] }] })],
    async () => {
      const current = JSON.parse((await call("GET", `${G("v2")}/with-status`)).text) as Record<string, unknown>;
      await step("an update of the main resource is not sent to a status rule", "PUT", `${G("v2")}/with-status`, {
        ...current,
        spec: { size: 2 },
      });
      const again = JSON.parse((await call("GET", `${G("v2")}/with-status`)).text) as Record<string, unknown>;
      await step("an update of status is sent to a status rule", "PUT", `${G("v2")}/with-status/status`, {
        ...again,
        status: { ready: true },
      });
    },
  );
} finally {
  await hooks.close();
}
write("admission.json");
