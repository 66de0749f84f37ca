// Records how a real kube-apiserver 1.37 calls a CRD's conversion webhook and answers when it fails,
// into test/fixtures/apiserver-1.37/conversion.json (see test/fixtures/PROVENANCE.md):
//
//   node --import tsx scripts/record-conversion-1.37.ts https://127.0.0.1:PORT admintoken
//
// A CRD gizmos.example.com serves v1 (spec.replicas) and stores v2 (spec.size) through a conversion
// webhook. Writes and reads at both versions with a working webhook, then the webhook swapped (by a
// merge patch of the CRD's clientConfig.url) for ones that answer Failure, convert nothing, answer
// for another uid, return the object unconverted, answer HTTP 500, or are down: a write at the
// served version, a write at the storage version, a read and a list at the served version. Each
// exchange keeps the ConversionReview requests the server sent during it (`calls`). The webhooks are
// in test/fixtures/apiserver-1.37/conversion-webhooks.ts, which the replaying test serves too.
import { recorder, serverArgs, sleep } from "./recording.js";
import { serveHooks } from "../test/testing/webhook-replay.js";
import { CONVERSION_HANDLERS, type ConversionRequest } from "../test/fixtures/apiserver-1.37/conversion-webhooks.js";

const { base, token } = serverArgs("record-conversion-1.37.ts");
const { step, called, write } = recorder(base, token);

// The webhooks, served as the replaying test serves them (test/testing/webhook-replay.ts).
const hooks = await serveHooks((url, review) => {
  const request = review["request"] as ConversionRequest;
  called({ path: url, request });
  const h = CONVERSION_HANDLERS[url.split("?")[0] ?? ""];
  const a = h ? h(request) : { status: 404, raw: "not found" };
  if (a.raw !== undefined) return { status: a.status ?? 200, raw: a.raw };
  return { body: { apiVersion: review["apiVersion"], kind: "ConversionReview", response: a.response } };
});
const { caBundle, base: hook } = hooks;

const CRD = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
const G = (v: string) => `/apis/example.com/${v}/namespaces/default/gizmos`;
const schema = (props: Record<string, unknown>) => ({
  openAPIV3Schema: { type: "object", properties: { spec: { type: "object", properties: props } } },
});
const gizmo = (v: string, name: string, spec: Record<string, unknown>) => ({
  apiVersion: `example.com/${v}`,
  kind: "Gizmo",
  metadata: { name },
  spec,
});
const MERGE = "application/merge-patch+json";
/** Points the CRD's conversion webhook at `path` of our server (or at `url`). */
async function useWebhook(label: string, url: string) {
  await step(
    `conversion webhook: ${label}`,
    "PATCH",
    `${CRD}/gizmos.example.com`,
    { spec: { conversion: { webhook: { clientConfig: { url } } } } },
    MERGE,
  );
  await sleep(3000);
}

try {
  await step("install the CRD: v1 served, v2 stored, conversion by webhook", "POST", CRD, {
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    metadata: { name: "gizmos.example.com" },
    spec: {
      group: "example.com",
      names: { plural: "gizmos", singular: "gizmo", kind: "Gizmo", listKind: "GizmoList" },
      scope: "Namespaced",
      versions: [
        { name: "v1", served: true, storage: false, schema: schema({ replicas: { type: "integer" }, note: { type: "string" } }) },
        { name: "v2", served: true, storage: true, schema: schema({ size: { type: "integer" }, note: { type: "string" } }) },
      ],
      conversion: {
        strategy: "Webhook",
        webhook: { conversionReviewVersions: ["v1"], clientConfig: { url: `${hook}/convert`, caBundle } },
      },
    },
  });
  await sleep(4000);
  await step("create at v1", "POST", G("v1"), gizmo("v1", "one", { replicas: 2, note: "first" }));
  await step("create at v2", "POST", G("v2"), gizmo("v2", "two", { size: 3 }));
  await step("get at v1 an object written at v2", "GET", `${G("v1")}/two`);
  await step("get at v2 an object written at v1", "GET", `${G("v2")}/one`);
  await step("list at v1", "GET", G("v1"));
  await step("list at v2", "GET", G("v2"));
  await step("merge patch at v1", "PATCH", `${G("v1")}/one`, { spec: { replicas: 5 } }, MERGE);
  await step("get at v2 after the patch", "GET", `${G("v2")}/one`);

  for (const [path, label] of [
    ["/convert-failure", "answers Failure"],
    ["/convert-none", "converts nothing"],
    ["/convert-wrong-uid", "answers for another uid"],
    ["/convert-wrong-version", "returns the objects unconverted"],
    ["/convert-http-500", "answers HTTP 500"],
  ] as const) {
    await useWebhook(label, `${hook}${path}`);
    await step(`${label}: create at v1`, "POST", G("v1"), gizmo("v1", `c1${path.replaceAll("/", "-")}`, { replicas: 1 }));
    await step(`${label}: create at v2`, "POST", G("v2"), gizmo("v2", `c2${path.replaceAll("/", "-")}`, { size: 1 }));
    await step(`${label}: get at v1`, "GET", `${G("v1")}/two`);
    await step(`${label}: list at v1`, "GET", G("v1"));
    await step(`${label}: get at v2 (the storage version, no conversion)`, "GET", `${G("v2")}/two`);
  }
  await useWebhook("down", "https://127.0.0.1:1/convert");
  await step("down: create at v1", "POST", G("v1"), gizmo("v1", "c1-down", { replicas: 1 }));
  await step("down: get at v1", "GET", `${G("v1")}/two`);
  await useWebhook("working again", `${hook}/convert`);
  await step("working again: get at v1", "GET", `${G("v1")}/two`);
} finally {
  await hooks.close();
}
write("conversion.json");
