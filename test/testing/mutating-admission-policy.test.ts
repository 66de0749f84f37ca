// MutatingAdmissionPolicies in the test server, against what a real kube-apiserver 1.37.2 did
// (test/fixtures/apiserver-1.37/mutating-admission-policy.json, recorded by
// scripts/record-mutating-admission-policy-1.37.ts from mutating-admission-policy-scenarios.ts): the
// recorded requests replayed in order give the same status codes and Warning headers, the same Status
// (reason, message, details) when refused, and the same object when admitted: the mutated object a
// write returns, and a policy or binding as stored, whole but for uids, times, resourceVersions and
// managedFields. The one recorded difference allowed, as for ValidatingAdmissionPolicy: the parser's
// own text after "compilation failed: ERROR: <input>:" of an expression that does not parse.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { serveLabelHook, type ServedLabelHook } from "../fixtures/apiserver-1.37/mutating-admission-policy-scenarios.js";
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
let hook: ServedLabelHook;
before(async () => {
  api = await startTestApiServer({ crds: [] });
  // The recorded scenarios' mutating webhook, the one the real server called.
  hook = await serveLabelHook();
});
after(async () => {
  releaseAgent({ url: api.url, caPem: api.caPem });
  await api.stop();
  await hook.stop();
});

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
    let body = hook.toServed(e.request.body) as Json | undefined;
    if (e.request.method === "PUT" && body) {
      const current = (await call("GET", e.request.path)).body as Json;
      body = { ...body, metadata: { ...(body["metadata"] as Json), resourceVersion: (current["metadata"] as Json)["resourceVersion"] } };
    }
    const got = await call(e.request.method, e.request.path, body);
    const a = comparable(got.status, got.headers["warning"], JSON.parse(hook.toPlaceholders(JSON.stringify(got.body ?? null))));
    const b = comparable(e.response.status, e.response.warning, e.response.body);
    if (a !== b) problems.push(`${e.step}:\n  got      ${a}\n  recorded ${b}`);
  }
  assert.ok(EXCHANGES.length > 90);
  assert.deepEqual(problems, []);
});
