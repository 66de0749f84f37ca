// ValidatingAdmissionPolicies in the test server, against what a real kube-apiserver 1.37.2 did
// (test/fixtures/apiserver-1.37/validating-admission-policy.json, scripts/record-validating-admission-policy-1.37.ts):
// the recorded requests replayed in order give the same status codes, Status reasons, messages and
// details, and the same Warning headers; the policies and bindings stored are defaulted as the real
// server's (everything but uids, times and resourceVersions equal). The one recorded difference allowed: a policy whose
// expression does not parse is refused with the same status, field and value, but the parser's own
// error text after "compilation failed: ERROR: <input>:" (cel-go's ANTLR wording) is not reproduced.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { recordedExchanges } from "../admission-policy/recording.js";
import { releaseAgent, sendAs, type Answer } from "./transcript-http.js";
import { normalise, sortedKeys } from "./webhook-replay.js";

type Json = Record<string, unknown>;

let api: TestApiServer;
before(async () => {
  api = await startTestApiServer({ crds: [] });
});
after(async () => {
  releaseAgent({ url: api.url, caPem: api.caPem });
  await api.stop();
});

const call = (method: string, path: string, body?: unknown): Promise<Answer> =>
  sendAs({ url: api.url, caPem: api.caPem }, api.token, method, path, body);

/**
 * What is compared of an answer: the status, the Warning header and a Status's code, reason, message
 * and details; a stored policy or binding whole, without what varies between runs.
 */
function comparable(path: string, status: number, warning: unknown, body: unknown): unknown {
  const b = (body ?? {}) as Json;
  const s = b["kind"] === "Status" ? { code: b["code"], reason: b["reason"], message: b["message"], details: b["details"] } : undefined;
  const stored = !s && path.includes("/validatingadmissionpolic") ? { stored: sortedKeys(normalise(b)) } : {};
  return { status, warning: warning ?? null, ...(s ? { s } : {}), ...stored };
}

/** A compile error's message up to the parser's own text (see the header). */
const COMPILE_ERROR = /^(.*compilation failed: ERROR: <input>:).*$/s;
function withoutParserText(v: unknown): unknown {
  return JSON.parse(JSON.stringify(v), (_k, x: unknown) => (typeof x === "string" ? x.replace(COMPILE_ERROR, "$1…") : x)) as unknown;
}

test("every recorded exchange answers as the real 1.37.2: status, Status message and details, Warning headers", async () => {
  const problems: string[] = [];
  const exchanges = recordedExchanges();
  for (const e of exchanges) {
    let body = e.request.body as Json | undefined;
    if (e.request.method === "PUT" && body) {
      const current = (await call("GET", e.request.path)).body as Json;
      body = { ...body, metadata: { ...(body["metadata"] as Json), resourceVersion: (current["metadata"] as Json)["resourceVersion"] } };
    }
    const got = await call(e.request.method, e.request.path, body);
    const a = withoutParserText(comparable(e.request.path, got.status, got.headers["warning"], got.body));
    const b = withoutParserText(comparable(e.request.path, e.response.status, e.response.warning, e.response.body));
    if (JSON.stringify(a) !== JSON.stringify(b))
      problems.push(`${e.step}:\n  got      ${JSON.stringify(a)}\n  recorded ${JSON.stringify(b)}`);
  }
  assert.ok(exchanges.length > 90);
  assert.deepEqual(problems, []);
});

test("a policy's parse error is refused with the field, the value and the caret lines", async () => {
  const e = recordedExchanges().find((x) => x.step === "invalid: a policy with a syntax error");
  assert.ok(e);
  const got = await call("POST", e.request.path, { ...(e.request.body as Json), metadata: { name: "syntax-error-2.example.com" } });
  assert.equal(got.status, 422);
  const message = String((got.body as Json)["message"]);
  assert.match(
    message,
    /spec\.validations\[0\]\.expression: Invalid value: "object\.spec\.replicas <=": compilation failed: ERROR: <input>:1:\d+: /,
  );
  assert.match(message, /\n \| object\.spec\.replicas <=\n \| \.+\^$/);
});
