// Admission by webhooks, as kube-apiserver's MutatingAdmissionWebhook and ValidatingAdmissionWebhook
// plugins run them (k8s.io/apiserver/pkg/admission/plugin/webhook/{mutating,validating}/dispatcher.go):
// the configurations in name order and their webhooks in order; the mutating ones one after another,
// each seeing the object as the previous left it, the IfNeeded ones again in the admission chain's
// second pass when the object changed after them (request-admission.ts runs the passes);
// the validating ones in parallel, the first refusal in order answering. A webhook that cannot be
// called, or answers badly, is skipped under failurePolicy Ignore and fails the request (500) under
// Fail; a refusal is answered with the webhook's status. The texts are the real server's
// (test/fixtures/apiserver-1.37/admission.json and webhooks.json).
import { randomUUID } from "node:crypto";
import type { AdmissionRequest, AdmissionResponse } from "@kube-codegen/runtime";
import type { Reinvocation } from "@kube-codegen/apiextensions/on-demand";
import { WEBHOOK_CONFIGURATIONS } from "../builtin/admissionregistration.js";
import { applyJsonPatch } from "../patch/json-patch.js";
import type { JsonValue } from "../patch/json.js";
import type { Admission, AdmissionAttributes } from "../registry/admission-hooks.js";
import { getStored, listStoredOf } from "../registry/controller-client.js";
import { ConversionFailure } from "../registry/conversion-views.js";
import { groupVersion, storageKey, type ResourceInfo } from "../registry/resource-info.js";
import { clone, toWire } from "../registry/write-common.js";
import type { ServerState, UserInfo } from "../server-state.js";
import { ApiError, internalError } from "../status-errors.js";
import type { KubeObject } from "../registry/controller-client.js";
import { callWebhook, goJsonType, WebhookCallError, type ServiceLookup } from "../webhook-client/call.js";
import { matchedVersion, namespaceSelected, objectSelected } from "./webhook-match.js";

type Obj = Record<string, unknown>;

/** A webhook of a configuration, with what the dispatch needs to know of it. */
interface Hook {
  name: string;
  /** "<configuration>/<webhook>/<index>", the dispatcher's key for reinvocation (webhook.GetUID). */
  uid: string;
  spec: Obj;
  /** The Services its `service` reference resolves against. */
  services: ServiceLookup;
  /** The version of the resource it is called with (the request's, or an equivalent one). */
  version: ResourceInfo;
}

/** The webhooks of every configuration of `storage` (a storage key) that apply to `a`, in call order. */
function applicableHooks(state: ServerState, storage: string, a: AdmissionAttributes): Hook[] {
  const configs = listStoredOf(state, storage);
  if (configs.length === 0) return [];
  const equivalents = state.registry.all().filter((r) => storageKey(r) === storageKey(a.info) && !r.discoveryOnly);
  const namespaceLabels = (name: string): Record<string, string> | undefined =>
    getStored(state, "/namespaces", name)?.metadata["labels"] as Record<string, string> | undefined;
  // kube-apiserver's service lister, which a webhook's service reference resolves against.
  const services: ServiceLookup = (namespace, name) => getStored(state, "/services", `${namespace}/${name}`);
  const out: Hook[] = [];
  const byName = [...configs].sort((x, y) => (String(x.metadata["name"]) < String(y.metadata["name"]) ? -1 : 1));
  for (const config of byName) {
    (Array.isArray(config["webhooks"]) ? (config["webhooks"] as Obj[]) : []).forEach((h, i) => {
      const version = matchedVersion(h, a, equivalents);
      if (!version || !namespaceSelected(h, a, namespaceLabels) || !objectSelected(h, a)) return;
      const uid = `${String(config.metadata["name"])}/${String(h["name"])}/${String(i)}`;
      out.push({ name: String(h["name"]), uid, spec: h, services, version });
    });
  }
  return out;
}

/**
 * An object as a webhook called at `version` sees it: converted by the CRD's conversion webhook when
 * it has one, else only relabelled (conversion None).
 */
async function atVersion(o: KubeObject | undefined, version: ResourceInfo): Promise<KubeObject | null> {
  if (!o) return null;
  if (!version.conversion || o["apiVersion"] === groupVersion(version)) return toWire(version, o);
  try {
    return (await version.conversion.convert([o], version.version))[0] as KubeObject;
  } catch (e) {
    if (e instanceof ConversionFailure) throw internalError(e.message);
    throw e;
  }
}

/** The AdmissionReview request for `hook`. */
async function reviewRequest(
  a: AdmissionAttributes,
  hook: Hook,
  user: UserInfo,
  object: KubeObject | undefined,
): Promise<AdmissionRequest> {
  const v = hook.version;
  const req = a.info;
  const options: Record<string, unknown> = {
    kind: a.operation === "CREATE" ? "CreateOptions" : a.operation === "UPDATE" ? "UpdateOptions" : "DeleteOptions",
    apiVersion: "meta.k8s.io/v1",
    ...(a.dryRun ? { dryRun: ["All"] } : {}),
  };
  return {
    uid: randomUUID(),
    kind: { group: v.group, version: v.version, kind: v.kind },
    resource: { group: v.group, version: v.version, resource: v.resource },
    ...(a.subresource ? { subResource: a.subresource } : {}),
    requestKind: { group: req.group, version: req.version, kind: req.kind },
    requestResource: { group: req.group, version: req.version, resource: req.resource },
    ...(a.subresource ? { requestSubResource: a.subresource } : {}),
    ...(a.name ? { name: a.name } : {}),
    ...(a.namespace ? { namespace: a.namespace } : {}),
    operation: a.operation,
    userInfo: { username: user.name, groups: user.groups },
    object: await atVersion(object, v),
    oldObject: await atVersion(a.oldObject, v),
    dryRun: a.dryRun,
    options,
  };
}

/** Calls `hook` and checks its answer; rejects with a WebhookCallError worded as the real server's. */
async function call(hook: Hook, request: AdmissionRequest): Promise<AdmissionResponse> {
  const versions = Array.isArray(hook.spec["admissionReviewVersions"]) ? (hook.spec["admissionReviewVersions"] as string[]) : [];
  const version = versions.find((v) => v === "v1" || v === "v1beta1") ?? "v1";
  const timeout = typeof hook.spec["timeoutSeconds"] === "number" ? hook.spec["timeoutSeconds"] : 10;
  const clientConfig = (hook.spec["clientConfig"] ?? {}) as Obj;
  const review = { apiVersion: `admission.k8s.io/${version}`, kind: "AdmissionReview", request };
  const answer = (await callWebhook(clientConfig, timeout, review, hook.services).catch((e: unknown) => {
    throw e instanceof WebhookCallError ? new WebhookCallError(`failed to call webhook: ${e.message}`) : e;
  })) as { response?: AdmissionResponse | null };
  const response = answer.response;
  if (!response || typeof response !== "object")
    throw new WebhookCallError("received invalid webhook response: webhook response was absent");
  const uid = typeof response.uid === "string" ? response.uid : "";
  if (uid !== request.uid)
    throw new WebhookCallError(
      `received invalid webhook response: expected response.uid=${JSON.stringify(request.uid)}, got ${JSON.stringify(uid)}`,
    );
  return response;
}

/** The refusal a webhook's answer stands for: its status's code (400 without one) and reason. */
function denial(hook: Hook, response: AdmissionResponse): ApiError {
  const status = (response.status ?? {}) as { code?: number; reason?: string; message?: string; details?: ApiError["details"] };
  const message = status.message
    ? `admission webhook ${JSON.stringify(hook.name)} denied the request: ${status.message}`
    : `admission webhook ${JSON.stringify(hook.name)} denied the request without explanation`;
  const code = typeof status.code === "number" && status.code !== 0 ? status.code : 400;
  return new ApiError(code, status.reason ?? "", message, status.details);
}

/** The failure of calling `hook`: skipped (undefined) under failurePolicy Ignore, a 500 under Fail. */
function callFailure(hook: Hook, err: unknown): ApiError | undefined {
  if (!(err instanceof WebhookCallError)) throw err;
  if (hook.spec["failurePolicy"] === "Ignore") return undefined;
  return internalError(`failed calling webhook ${JSON.stringify(hook.name)}: ${err.message}`);
}

/** The JSON Patch of a mutating answer, decoded (a call failure when it is not one). */
function decodePatch(response: AdmissionResponse): Obj[] | undefined {
  if (response.patch === undefined || response.patch === "") return undefined;
  let ops: unknown;
  try {
    ops = JSON.parse(Buffer.from(response.patch, "base64").toString("utf8"));
  } catch {
    throw new WebhookCallError("received undecodable patch in webhook response: invalid character in JSON patch");
  }
  if (!Array.isArray(ops))
    throw new WebhookCallError(
      `received undecodable patch in webhook response: json: cannot unmarshal ${goJsonType(ops)} into Go value of type jsonpatch.Patch`,
    );
  return ops as Obj[];
}

/** Applies a webhook's patch operation by operation, failing as the server's JSON Patch library words it. */
function applyPatch(object: KubeObject, ops: Obj[]): KubeObject {
  let doc = object as unknown as JsonValue;
  for (const op of ops) {
    const r = applyJsonPatch(doc, [op as JsonValue] as JsonValue);
    if (!r.ok) {
      const cause = r.error.cause.replace(
        /doc is missing (path|key)$/,
        `doc is missing path: ${JSON.stringify(op["path"])}: missing value`,
      );
      throw internalError(cause);
    }
    doc = r.value;
  }
  return doc as unknown as KubeObject;
}

/** The webhooks' admission of requests by `user`: one pass of the mutating ones (see mutate), the validating ones. */
export interface WebhookAdmission {
  mutate(a: AdmissionAttributes, pass: Reinvocation): Promise<KubeObject> | undefined;
  validate: Admission["validate"];
}

/** The webhooks' admission of requests by `user`. */
export function webhookAdmission(state: ServerState, user: UserInfo): WebhookAdmission {
  return {
    mutate(a, pass) {
      if (exempt(a.info)) return undefined;
      const hooks = applicableHooks(state, WEBHOOK_CONFIGURATIONS.mutating, a);
      return hooks.length === 0 ? undefined : mutate(hooks, a, user, pass);
    },
    validate(a) {
      if (exempt(a.info)) return undefined;
      const hooks = applicableHooks(state, WEBHOOK_CONFIGURATIONS.validating, a);
      return hooks.length === 0 ? undefined : validate(hooks, a, user);
    },
  };
}

/** Webhooks are never called for the admission configurations themselves, so a bad one can be undone. */
function exempt(info: ResourceInfo): boolean {
  return info.group === "admissionregistration.k8s.io";
}

/**
 * One pass of the mutating webhooks, in order, each seeing the object as the previous left it. In the
 * chain's second pass only the IfNeeded ones that ran before the object changed are called again
 * (webhook/mutating/dispatcher.go, with `pass` its reinvocation context).
 */
async function mutate(hooks: Hook[], a: AdmissionAttributes, user: UserInfo, pass: Reinvocation): Promise<KubeObject> {
  let object = a.object ? clone(a.object) : undefined;
  if (pass.reinvoking && pass.changedSinceLastPass(object)) pass.requireReinvoking();
  const run = async (hook: Hook): Promise<void> => {
    let response: AdmissionResponse;
    const before = JSON.stringify(object);
    try {
      response = await call(hook, await reviewRequest(a, hook, user, object));
      if (!response.allowed) throw denial(hook, response);
      const ops = decodePatch(response);
      a.warnings.push(...(response.warnings ?? []));
      if (ops && object) {
        const patched = applyPatch((await atVersion(object, hook.version)) as KubeObject, ops);
        object = (await atVersion(patched, a.info)) as KubeObject;
      }
    } catch (e) {
      if (e instanceof ApiError) throw e;
      const failure = callFailure(hook, e);
      if (failure) throw failure;
    } finally {
      if (JSON.stringify(object) !== before) {
        pass.requireReinvoking();
        pass.changed();
      }
      if (hook.spec["reinvocationPolicy"] === "IfNeeded") pass.invoked(hook.uid);
    }
  };
  for (const hook of hooks) if (!pass.skips(hook.uid)) await run(hook);
  pass.passed(object);
  return object ?? { metadata: {} };
}

async function validate(hooks: Hook[], a: AdmissionAttributes, user: UserInfo): Promise<void> {
  const outcomes = await Promise.all(
    hooks.map(async (hook): Promise<{ refusal?: ApiError; warnings: string[] }> => {
      try {
        const response = await call(hook, await reviewRequest(a, hook, user, a.object));
        const warnings = response.warnings ?? [];
        return response.allowed ? { warnings } : { refusal: denial(hook, response), warnings };
      } catch (e) {
        const refusal = callFailure(hook, e);
        return refusal ? { refusal, warnings: [] } : { warnings: [] };
      }
    }),
  );
  // Called in parallel, reported in order: the warnings of every webhook, and the first refusal.
  for (const o of outcomes) a.warnings.push(...o.warnings);
  const refusal = outcomes.find((o) => o.refusal)?.refusal;
  if (refusal) throw refusal;
}
