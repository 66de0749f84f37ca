import { Code, errorAt, type Diagnostic } from "../../diagnostics/index.js";
import type { WebhookMarker } from "../../model/index.js";
import { goYaml } from "../crd/go-yaml.js";
import { toPosix } from "../paths.js";
import type { Generator } from "../types.js";
import { applyWebhookPatch, PatchError } from "./patch.js";

// controller-gen v0.23's webhook generator (sigs.k8s.io/controller-tools pkg/webhook/parser.go):
// each +kubebuilder:webhook becomes one webhook of the MutatingWebhookConfiguration or the
// ValidatingWebhookConfiguration, sorted by name; the values it maps (failurePolicy, matchPolicy,
// sideEffects, reinvocationPolicy, verbs) are matched in any case and written in the API's
// spelling, unknown failure policies and verbs passed through as controller-gen passes them. Its
// checks (url or path, sideEffects, timeoutSeconds ...) are the marker's (src/vocab/controller.ts),
// so a bad marker is a positioned error before this runs; a marker with a `patch` is checked
// here, after the patch, as controller-gen checks it (src/generators/webhook/patch.ts).

const ADMISSION_V1 = "admissionregistration.k8s.io/v1";

/** Maps `raw` to the spelling among `known` that it equals in any case, or undefined. */
function spelled(raw: string | undefined, known: readonly string[]): string | undefined {
  if (raw === undefined) return undefined;
  return known.find((k) => k.toLowerCase() === raw.toLowerCase());
}

function clientConfig(w: WebhookMarker): Record<string, unknown> {
  if (w.path !== undefined && w.path !== "") {
    const service: Record<string, unknown> = {
      name: w.serviceName !== undefined && w.serviceName !== "" ? w.serviceName : "webhook-service",
      namespace: w.serviceNamespace !== undefined && w.serviceNamespace !== "" ? w.serviceNamespace : "system",
      path: w.path,
    };
    if (w.servicePort !== undefined) service.port = w.servicePort;
    return { service };
  }
  return { url: w.url };
}

/** One webhook as admissionregistration/v1 writes it (JSON field names; empty lists omitted as omitempty omits them). */
function webhookObject(w: WebhookMarker): Record<string, unknown> {
  const rule: Record<string, unknown> = {};
  const operations = w.verbs.map((v) => spelled(v, ["CREATE", "UPDATE", "DELETE", "CONNECT", "*"]) ?? v);
  if (operations.length > 0) rule.operations = operations;
  const groups = w.groups.map((g) => (g === "core" ? "" : g));
  if (groups.length > 0) rule.apiGroups = groups;
  if (w.versions.length > 0) rule.apiVersions = w.versions;
  if (w.resources.length > 0) rule.resources = w.resources;
  const out: Record<string, unknown> = {
    name: w.name,
    clientConfig: clientConfig(w),
    rules: [rule],
    failurePolicy: spelled(w.failurePolicy, ["Ignore", "Fail"]) ?? w.failurePolicy,
    sideEffects: spelled(w.sideEffects, ["None", "NoneOnDryRun", "Some"]),
    admissionReviewVersions: w.admissionReviewVersions,
  };
  const matchPolicy = spelled(w.matchPolicy, ["Exact", "Equivalent"]);
  if (matchPolicy !== undefined) out.matchPolicy = matchPolicy;
  if (w.timeoutSeconds !== undefined && w.timeoutSeconds !== 0) out.timeoutSeconds = w.timeoutSeconds;
  if (w.mutating) {
    const reinvocation = spelled(w.reinvocationPolicy, ["Never", "IfNeeded"]);
    if (reinvocation !== undefined) out.reinvocationPolicy = reinvocation;
  }
  return out;
}

/**
 * The webhook with its patch applied and controller-gen's checks of the result made; undefined
 * (with the error pushed, at the marker) when the patch is refused or the result fails a check.
 */
function patched(w: WebhookMarker, diagnostics: Diagnostic[]): Record<string, unknown> | undefined {
  if (w.patch === undefined) return webhookObject(w);
  const refuse = (message: string): undefined => {
    diagnostics.push(
      errorAt(
        w.pos,
        Code.malformedValue,
        `+kubebuilder:webhook: ${message}`,
        'see controller-gen\'s patch examples: patch=`{"timeoutSeconds":25}`',
      ),
    );
    return undefined;
  };
  let out: Record<string, unknown>;
  try {
    out = applyWebhookPatch(webhookObject(w), w.patch, w.mutating);
  } catch (e) {
    if (!(e instanceof PatchError)) throw e;
    return refuse(`patch: ${e.message}`);
  }
  const sideEffects = out.sideEffects;
  if (sideEffects === null || sideEffects === undefined)
    return refuse("SideEffects is required for creating v1 {Mutating,Validating}WebhookConfiguration (None or NoneOnDryRun)");
  if (sideEffects === "Some" || sideEffects === "Unknown")
    return refuse("SideEffects should not be set to `Some` or `Unknown` for v1 {Mutating,Validating}WebhookConfiguration");
  const timeout = out.timeoutSeconds;
  if (typeof timeout === "number" && (timeout < 1 || timeout > 30)) return refuse("TimeoutSeconds must be between 1 and 30 seconds");
  if (!Array.isArray(out.admissionReviewVersions) || out.admissionReviewVersions.length === 0)
    return refuse("AdmissionReviewVersions is mandatory for v1 {Mutating,Validating}WebhookConfiguration");
  return out;
}

/** Go's strings.Compare: by UTF-8 bytes. */
function goCompare(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
}

/**
 * The `webhook` generator: `<webhook-output>/manifests.yaml`, the MutatingWebhookConfiguration
 * (`mutating-webhook-configuration` unless +kubebuilder:webhookconfiguration names it) and then the
 * ValidatingWebhookConfiguration, each only when it has a webhook, as controller-gen v0.23 writes them.
 */
export const webhookGenerator: Generator = {
  name: "webhook",
  owns: (ctx) => [{ dir: toPosix(ctx.options.webhookOutput), recursive: false, match: /^manifests\.yaml$/ }],
  generate(ctx) {
    const model = ctx.controllers;
    const diagnostics: Diagnostic[] = [];
    const built: { mutating: boolean; webhook: Record<string, unknown> }[] = [];
    for (const w of model?.webhooks ?? []) {
      const webhook = patched(w, diagnostics);
      if (webhook) built.push({ mutating: w.mutating, webhook });
    }
    if (diagnostics.length > 0) return { files: [], diagnostics };
    // controller-gen sorts each configuration's webhooks by name after the patch.
    built.sort((a, b) => goCompare(String(a.webhook.name), String(b.webhook.name)));
    const docs: Record<string, unknown>[] = [];
    for (const mutating of [true, false]) {
      const mine = built.filter((w) => w.mutating === mutating);
      if (mine.length === 0) continue;
      const kind = mutating ? "MutatingWebhookConfiguration" : "ValidatingWebhookConfiguration";
      const named = mutating ? model?.mutatingConfigName : model?.validatingConfigName;
      const name = named ?? (mutating ? "mutating-webhook-configuration" : "validating-webhook-configuration");
      docs.push({ apiVersion: ADMISSION_V1, kind, metadata: { name }, webhooks: mine.map((w) => w.webhook) });
    }
    if (docs.length === 0) return { files: [], diagnostics: [] };
    const dir = toPosix(ctx.options.webhookOutput).replace(/\/+$/, "");
    return {
      files: [{ path: `${dir}/manifests.yaml`, lang: "yaml", body: docs.map((d) => `---\n${goYaml(d)}`).join("") }],
      diagnostics: [],
    };
  },
};
