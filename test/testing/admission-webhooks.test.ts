// Admission webhooks called by the test server, against what a real kube-apiserver 1.37.2 did with the
// same webhooks:
// - admission.json (scripts/record-admission-1.37.ts): the same requests replayed in the same order,
//   with the same webhooks served on loopback, give the same status codes, Status bodies, Warning
//   headers and stored objects, and the webhooks receive the same AdmissionReview requests (kind,
//   resource, requestKind, operation, object, oldObject, options) in the same order;
// - webhooks.json (scripts/record-webhooks-1.37.ts): this repository's runtime WebhookServer with the
//   recorded defaulter, validator and conversion through a hub, called by the test server: a default
//   set, a denial, a conversion round trip across versions, Fail and Ignore with the webhook down, a
//   timeout, a refused configuration, a dry run.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { WebhookServer } from "../../runtime/src/index.js";
import { generateServerCertificate } from "../../runtime/src/tls/index.js";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { ADMISSION_HANDLERS, type Review } from "../fixtures/apiserver-1.37/admission-webhooks.js";
import { widgetConverter, widgetDefaulter, widgetValidator } from "../fixtures/apiserver-1.37/widget-webhooks.js";
import { releaseAgent, send, type Answer } from "./transcript-http.js";
import { comparable, differences, normalise, serveHooks, type ServedHooks } from "./webhook-replay.js";

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
const read = (name: string) => JSON.parse(readFileSync(join(FIXTURES, name), "utf8")) as { exchanges: Exchange[] };

/** The recording's webhook address and caBundle: the first configuration's or CRD's clientConfig with a url. */
function recordedEndpoint(exchanges: readonly Exchange[]): { base: string; caBundle: string } {
  for (const e of exchanges) {
    const text = JSON.stringify(e.request.body ?? null);
    const m = /"url":"(https:\/\/127\.0\.0\.1:\d+)[^"]*","caBundle":"([^"]+)"/.exec(text);
    if (m?.[1] && m[2] !== undefined) return { base: m[1], caBundle: m[2] };
  }
  throw new Error("no webhook url in the recording");
}

function call(api: TestApiServer, method: string, path: string, body?: unknown): Promise<Answer> {
  return send(
    { url: api.url, caPem: api.caPem },
    method,
    path,
    { Authorization: `Bearer ${api.token}`, ...(body !== undefined ? { "Content-Type": "application/json" } : {}) },
    body === undefined ? undefined : JSON.stringify(body),
  );
}

/**
 * Replays `exchanges` against `api` with the webhooks at `to` standing in for the recording's; returns
 * every difference in status, Warning header and body. An update names the object it replaces by this
 * server's resourceVersion, not the recording's.
 */
async function replay(
  api: TestApiServer,
  exchanges: readonly Exchange[],
  to: Pick<ServedHooks, "swap">,
  each?: (e: Exchange) => string[],
): Promise<string[]> {
  const from = recordedEndpoint(exchanges);
  const problems: string[] = [];
  for (const e of exchanges) {
    let body = to.swap(e.request.body, from) as Json | undefined;
    if (e.request.method === "PUT" && body) {
      const current = (await call(api, "GET", e.request.path.replace(/\/status$/, ""))).body as Json;
      const meta = current["metadata"] as Json;
      body = { ...body, metadata: { ...(body["metadata"] as Json), resourceVersion: meta["resourceVersion"], uid: meta["uid"] } };
    }
    const got = await call(api, e.request.method, e.request.path, body);
    if (got.status !== e.response.status)
      problems.push(`${e.step}: status ${got.status}, recorded ${e.response.status}: ${JSON.stringify(got.body)}`);
    const warning = got.headers["warning"];
    if ((warning ?? undefined) !== e.response.warning)
      problems.push(`${e.step}: Warning ${String(warning)}, recorded ${String(e.response.warning)}`);
    const diff = differences(comparable(got.body), comparable(to.swap(e.response.body, from)));
    if (diff.length > 0) problems.push(`${e.step}: got ≠ recorded at ${diff.join("; ")}`);
    if (each) problems.push(...each(e));
  }
  return problems;
}

describe("admission webhooks as the real 1.37.2 calls them (admission.json)", () => {
  let api: TestApiServer;
  let hooks: ServedHooks;
  let calls: Call[] = [];
  before(async () => {
    api = await startTestApiServer({ crds: [] });
    hooks = await serveHooks((url, review) => {
      calls.push({ path: url, request: review["request"] as Json });
      const handler = ADMISSION_HANDLERS[url.split("?")[0] ?? ""];
      const a = handler ? handler(review as unknown as Review) : { status: 404, raw: "not found" };
      if (a.raw !== undefined) return { status: a.status ?? 200, raw: a.raw };
      const uid = (review["request"] as Json)["uid"];
      return { body: { apiVersion: review["apiVersion"], kind: "AdmissionReview", response: { uid, ...a.response } } };
    });
  });
  after(async () => {
    releaseAgent({ url: api.url, caPem: api.caPem });
    await api.stop();
    await hooks.close();
  });

  /** What a webhook was sent, as compared: everything but the uid, the user and the volatile metadata. */
  const comparableCall = (c: Call): unknown => {
    const { uid: _uid, userInfo: _user, ...rest } = c.request;
    return { path: c.path, request: normalise(rest) };
  };

  test("every recorded exchange, replayed in order, answers and calls the webhooks as recorded", async () => {
    const { exchanges } = read("admission.json");
    const problems = await replay(api, exchanges, hooks, (e) => {
      const diff = differences(calls.map(comparableCall), (e.calls ?? []).map(comparableCall));
      calls = [];
      return diff.length > 0 ? [`${e.step}: webhook calls got ≠ recorded at ${diff.join("; ")}`] : [];
    });
    assert.deepEqual(problems, []);
  });
});

describe("the runtime's webhooks called by the test server as by the real 1.37.2 (webhooks.json)", () => {
  let api: TestApiServer;
  let server: WebhookServer;
  const stop = new AbortController();
  let running: Promise<void>;
  const certDir = mkdtempSync(join(tmpdir(), "kcg-webhook-replay-"));
  const cert = generateServerCertificate("webhook-replay");
  let swap: ServedHooks["swap"];
  before(async () => {
    api = await startTestApiServer({ crds: [] });
    writeFileSync(join(certDir, "tls.crt"), cert.certPem);
    writeFileSync(join(certDir, "tls.key"), cert.keyPem);
    server = new WebhookServer({ host: "127.0.0.1", port: 0, certDir });
    server.register("/mutate-example-com-v1-widget", widgetDefaulter);
    server.register("/validate-example-com-v1-widget", widgetValidator);
    server.register("/slow", async () => {
      await new Promise((r) => setTimeout(r, 3000));
      return { allowed: true };
    });
    const converter = widgetConverter();
    server.registerJson("/convert", (body) => Promise.resolve(converter.review(body)));
    running = server.run(stop.signal);
    while (!server.address()) await new Promise((r) => setTimeout(r, 10));
    const base = `https://127.0.0.1:${String(server.address()?.port)}`;
    const caBundle = Buffer.from(cert.certPem).toString("base64");
    swap = (v, recorded) =>
      JSON.parse(
        JSON.stringify(v ?? null)
          .replaceAll(recorded.base, base)
          .replaceAll(recorded.caBundle, caBundle),
      ) as typeof v;
  });
  after(async () => {
    releaseAgent({ url: api.url, caPem: api.caPem });
    await api.stop();
    stop.abort();
    await running;
    rmSync(certDir, { recursive: true, force: true });
  });

  test("a default set, a denial, conversion across versions, Fail and Ignore with the webhook down, a timeout and a dry run, as recorded", async () => {
    const { exchanges } = read("webhooks.json");
    assert.deepEqual(await replay(api, exchanges, { swap }), []);
  });
});
