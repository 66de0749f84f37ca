// MutatingAdmissionPolicies in the test server, against what a real kube-apiserver 1.37.2 did
// (test/fixtures/apiserver-1.37/mutating-admission-policy.json, recorded by
// scripts/record-mutating-admission-policy-1.37.ts from mutating-admission-policy-scenarios.ts): the
// recorded requests replayed in order give the same status codes and Warning headers, the same Status
// (reason, message, details) when refused, and the same object when admitted: the mutated object a
// write returns, and a policy or binding as stored, whole but for uids, times, resourceVersions and
// managedFields. The one recorded difference allowed, as for ValidatingAdmissionPolicy: the parser's
// own text after "compilation failed: ERROR: <input>:" of an expression that does not parse.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WebhookServer } from "../../runtime/src/index.js";
import { generateServerCertificate } from "../../runtime/src/tls/index.js";
import { HOOK_CA_BUNDLE, HOOK_URL, labelHook } from "../fixtures/apiserver-1.37/mutating-admission-policy-scenarios.js";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { releaseAgent, sendAs, type Answer } from "./transcript-http.js";
import { normalise, sortedKeys } from "./webhook-replay.js";

type Json = Record<string, unknown>;

interface Exchange {
  step: string;
  request: { method: string; path: string; body?: unknown };
  response: { status: number; warning?: string; body?: unknown };
}

const EXCHANGES = (
  JSON.parse(readFileSync(join(import.meta.dirname, "../fixtures/apiserver-1.37/mutating-admission-policy.json"), "utf8")) as {
    exchanges: Exchange[];
  }
).exchanges;

let api: TestApiServer;
let hooks: WebhookServer;
let hookUrl: string;
let caBundle: string;
const stopHooks = new AbortController();
let running: Promise<void>;
before(async () => {
  api = await startTestApiServer({ crds: [] });
  // The recorded scenarios' mutating webhook, the one the real server called.
  const cert = generateServerCertificate("label-hook");
  const certDir = mkdtempSync(join(tmpdir(), "kcg-label-hook-"));
  writeFileSync(join(certDir, "tls.crt"), cert.certPem);
  writeFileSync(join(certDir, "tls.key"), cert.keyPem);
  caBundle = Buffer.from(cert.certPem).toString("base64");
  hooks = new WebhookServer({ host: "127.0.0.1", port: 0, certDir });
  hooks.register("/label", labelHook);
  running = hooks.run(stopHooks.signal);
  while (!hooks.address()) await new Promise((r) => setTimeout(r, 10));
  hookUrl = `https://127.0.0.1:${String(hooks.address()!.port)}`;
});
after(async () => {
  releaseAgent({ url: api.url, caPem: api.caPem });
  await api.stop();
  stopHooks.abort();
  await running;
});

/** A recorded body with the webhook's placeholders replaced by the loopback server's address and caBundle. */
const swap = <T>(v: T): T =>
  JSON.parse(
    JSON.stringify(v ?? null)
      .replaceAll(HOOK_URL, hookUrl)
      .replaceAll(HOOK_CA_BUNDLE, caBundle),
  ) as T;

const call = (method: string, path: string, body?: unknown): Promise<Answer> =>
  sendAs({ url: api.url, caPem: api.caPem }, api.token, method, path, body);

/** A parse error, whose text (and position) is the parser's own (see the header): cel-go's ANTLR wording, or @bufbuild/cel's. */
const PARSE_ERROR =
  /ERROR: <input>:\d+:\d+: (?:Syntax error: |found |mismatched input |extraneous input |token recognition error)[^\n]*\n \| [^\n]*\n \| \.*\^/g;

/** `v` with each parse error's text replaced by a mark. */
function withoutParserText(v: unknown): unknown {
  return JSON.parse(JSON.stringify(v), (_k, x: unknown) =>
    typeof x === "string" ? x.replace(PARSE_ERROR, "ERROR: <parse error>") : x,
  ) as unknown;
}

/** What is compared of an answer: the status, the Warning header, and a Status's code, reason, message and details, or the object whole. */
function comparable(status: number, warning: unknown, body: unknown): string {
  const b = (body ?? {}) as Json;
  const shown =
    b["kind"] === "Status"
      ? { code: b["code"], reason: b["reason"], message: b["message"], details: b["details"] }
      : { object: sortedKeys(normalise(b)) };
  return JSON.stringify(withoutParserText({ status, warning: warning ?? null, ...shown }), null, 1);
}

test("every recorded exchange answers as the real 1.37.2: the mutated objects, the refusals, the stored policies", async () => {
  const problems: string[] = [];
  for (const e of EXCHANGES) {
    let body = swap(e.request.body) as Json | undefined;
    if (e.request.method === "PUT" && body) {
      const current = (await call("GET", e.request.path)).body as Json;
      body = { ...body, metadata: { ...(body["metadata"] as Json), resourceVersion: (current["metadata"] as Json)["resourceVersion"] } };
    }
    const got = await call(e.request.method, e.request.path, body);
    const a = comparable(
      got.status,
      got.headers["warning"],
      JSON.parse(
        JSON.stringify(got.body ?? null)
          .replaceAll(hookUrl, HOOK_URL)
          .replaceAll(caBundle, HOOK_CA_BUNDLE),
      ),
    );
    const b = comparable(e.response.status, e.response.warning, e.response.body);
    if (a !== b) problems.push(`${e.step}:\n  got      ${a}\n  recorded ${b}`);
  }
  assert.ok(EXCHANGES.length > 90);
  assert.deepEqual(problems, []);
});
