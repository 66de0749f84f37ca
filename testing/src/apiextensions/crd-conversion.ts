// A CRD's conversion webhook (spec.conversion.strategy Webhook), as apiextensions-apiserver's
// webhookConverter calls it: one ConversionReview per object, desiredAPIVersion the version wanted,
// a 30 s timeout, and the answer checked (uid, result, count, groupVersion) with the real server's
// texts, recorded in test/fixtures/apiserver-1.37/conversion.json. The webhook may change labels and
// annotations only, so the rest of metadata is the object's own.
import { randomUUID } from "node:crypto";
import { callWebhook, WebhookCallError, type ServiceLookup } from "../webhook-client/call.js";
import { ConversionFailure } from "../registry/conversion-views.js";
import type { Conversion } from "../registry/resource-info.js";
import { asObj } from "../builtin/field-causes.js";

type Obj = Record<string, unknown>;

/**
 * The webhook converter of `crd`, or undefined when its conversion strategy is not Webhook; a
 * `service` reference resolves against `services` (without them, it cannot be reached).
 */
export function webhookConversion(crd: Obj, services?: ServiceLookup): Conversion | undefined {
  const spec = asObj(crd["spec"]);
  const conversion = asObj(spec["conversion"]);
  if (conversion["strategy"] !== "Webhook") return undefined;
  const webhook = asObj(conversion["webhook"]);
  const clientConfig = asObj(webhook["clientConfig"]);
  const reviewVersions = Array.isArray(webhook["conversionReviewVersions"]) ? (webhook["conversionReviewVersions"] as unknown[]) : [];
  const reviewVersion = reviewVersions.find((v) => v === "v1" || v === "v1beta1") ?? "v1";
  const group = String(spec["group"] ?? "");
  const kind = String(asObj(spec["names"])["kind"] ?? "");
  const versions = Array.isArray(spec["versions"]) ? (spec["versions"] as Obj[]) : [];
  const storageVersion = String(versions.find((v) => v["storage"] === true)?.["name"] ?? "");

  async function convertOne(obj: Obj, desired: string): Promise<Obj> {
    const from = String(obj["apiVersion"] ?? "");
    if (from === desired) return obj;
    const failed = (detail: string) => new ConversionFailure(`conversion webhook for ${from}, Kind=${kind} ${detail}`);
    const uid = randomUUID();
    const review = {
      apiVersion: `apiextensions.k8s.io/${reviewVersion}`,
      kind: "ConversionReview",
      request: { uid, desiredAPIVersion: desired, objects: [obj] },
    };
    let answer: Obj;
    try {
      answer = (await callWebhook(clientConfig, 30, review, services)) as Obj;
    } catch (e) {
      if (e instanceof WebhookCallError) throw failed(`failed: ${e.message}`);
      throw e;
    }
    const response = answer["response"];
    if (!response || typeof response !== "object") throw failed("failed: no response provided");
    const r = response as Obj;
    const gotUid = typeof r["uid"] === "string" ? r["uid"] : "";
    if (gotUid !== uid) throw failed(`failed: expected response.uid=${JSON.stringify(uid)}, got ${JSON.stringify(gotUid)}`);
    const result = asObj(r["result"]);
    if (result["status"] !== "Success") throw failed(`failed: ${String(result["message"] ?? "")}`);
    const converted = Array.isArray(r["convertedObjects"]) ? (r["convertedObjects"] as unknown[]) : [];
    if (converted.length !== 1) throw failed(`returned ${converted.length} objects, expected 1`);
    const out = asObj(converted[0]);
    const got = String(out["apiVersion"] ?? "");
    if (got !== desired) throw failed(`returned invalid object at index 0: invalid groupVersion (expected ${desired}, received ${got})`);
    const meta = asObj(obj["metadata"]);
    const newMeta = asObj(out["metadata"]);
    const labels = newMeta["labels"] ?? meta["labels"];
    const annotations = newMeta["annotations"] ?? meta["annotations"];
    return {
      ...out,
      kind,
      metadata: { ...meta, ...(labels !== undefined ? { labels } : {}), ...(annotations !== undefined ? { annotations } : {}) },
    };
  }

  return {
    storageVersion,
    versions: versions.filter((v) => v["served"] !== false).map((v) => String(v["name"] ?? "")),
    async convert(objects, version) {
      const desired = `${group}/${version}`;
      const out: Obj[] = [];
      for (const o of objects) out.push(await convertOne(o, desired));
      return out;
    },
  };
}
