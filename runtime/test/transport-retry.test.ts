// The transport against a scripted local HTTP server: which failures are retried for which verbs,
// the backoff (with an injected sleep, so nothing waits), Retry-After, Warning headers, 401
// refresh, timeouts, and how error bodies become ApiError.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import {
  AgentPool,
  ApiError,
  RUNTIME_VERSION,
  TransportError,
  anonymousAuth,
  bearerTokenAuth,
  createTransport,
  isAlreadyExists,
  isInternalError,
  isInvalid,
  isNotFound,
  isServiceUnavailable,
  isTooManyRequests,
  isUnexpectedServerError,
  parseWarningHeaders,
  registerRequestResultMetric,
  retryDelayMs,
  tokenFileAuth,
} from "../src/index.js";
import type { AuthProvider, RestRequest, TransportOptions, WarningHeader } from "../src/index.js";
import { sendJson, startServer, tempDir } from "./helpers.js";

type Script = (res: ServerResponse, n: number, method: string) => void;

async function scripted(script: Script, auth: AuthProvider = anonymousAuth, opts: TransportOptions = {}) {
  const s = await startServer((req, res, n) => script(res, n, req.method ?? ""));
  const sleeps: number[] = [];
  const agents = new AgentPool();
  const transport = createTransport(
    { server: `${s.url}/prefix`, tls: { insecureSkipTlsVerify: false }, auth, namespace: "default" },
    {
      agents,
      sleep: (ms) => {
        sleeps.push(ms);
        return Promise.resolve();
      },
      random: () => 0.5,
      onWarning: () => {},
      ...opts,
    },
  );
  return {
    transport,
    sleeps,
    requests: s.requests,
    async close() {
      agents.destroy();
      await s.close();
    },
  };
}

const status = (code: number, reason: string, extra: object = {}) => ({
  kind: "Status",
  apiVersion: "v1",
  status: "Failure",
  code,
  reason,
  message: `${reason}!`,
  ...extra,
});
const ok = (res: ServerResponse): void => sendJson(res, 200, { kind: "Thing" });
const GET: RestRequest = { method: "GET", path: "/api/v1/things" };
const POST: RestRequest = { method: "POST", path: "/api/v1/things", body: { kind: "Thing" } };

test("429 with Retry-After is retried after at least that long, for POST too", async () => {
  const s = await scripted((res, n) => (n === 1 ? sendJson(res, 429, status(429, "TooManyRequests"), { "retry-after": "2" }) : ok(res)));
  try {
    assert.deepEqual(await s.transport.json(POST), { kind: "Thing" });
    assert.equal(s.requests.length, 2);
    assert.deepEqual(s.sleeps, [2000]);
  } finally {
    await s.close();
  }
});

test("503 is retried for GET and not for POST", async () => {
  const s = await scripted((res, n) => (n <= 2 || n === 4 ? sendJson(res, 503, status(503, "ServiceUnavailable")) : ok(res)));
  try {
    await s.transport.request(GET);
    assert.equal(s.requests.length, 3);
    const err = await s.transport.request(POST).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(err instanceof ApiError && isServiceUnavailable(err));
    assert.equal(s.requests.length, 4, "the POST was sent once");
    assert.deepEqual(err.request, { method: "POST", path: "/prefix/api/v1/things" });
  } finally {
    await s.close();
  }
});

test("a reset connection is retried for GET, not for POST, and the error carries no token", async () => {
  const s = await scripted((res, n) => (n % 2 === 1 ? res.socket?.destroy() : ok(res)), bearerTokenAuth("SECRET-TOKEN"));
  try {
    await s.transport.request(GET);
    assert.equal(s.requests.length, 2);
    const err = await s.transport.request(POST).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(err instanceof TransportError, String(err));
    assert.equal(err.code, "ECONNRESET");
    assert.ok(!err.message.includes("SECRET-TOKEN"));
    assert.equal(s.requests.length, 3);
    assert.equal(s.requests[0]?.headers["authorization"], "Bearer SECRET-TOKEN");
  } finally {
    await s.close();
  }
});

test("every attempt is counted by status code, method and host, as client-go's rest_client_requests_total", async () => {
  const s = await scripted((res, n) =>
    n === 1 ? sendJson(res, 503, status(503, "ServiceUnavailable")) : n === 3 ? res.socket?.destroy() : ok(res),
  );
  const counted: string[] = [];
  const unregister = registerRequestResultMetric({ increment: (code, method, host) => counted.push(`${code} ${method} ${host}`) });
  try {
    const host = new URL(s.transport.config.server).host;
    await s.transport.request(GET); // 503, then 200
    await s.transport.request(GET); // reset, then 200
    unregister();
    unregister(); // once per registration
    await s.transport.request(GET);
    assert.deepEqual(counted, [`503 GET ${host}`, `200 GET ${host}`, `<error> GET ${host}`, `200 GET ${host}`]);
  } finally {
    unregister();
    await s.close();
  }
});

test("backoff doubles with jitter, is capped, honours Retry-After up to the cap, and gives up after maxRetries", async () => {
  const s = await scripted(
    (res, n) => sendJson(res, 500, status(500, "InternalError"), n === 5 ? { "retry-after": "120" } : {}),
    anonymousAuth,
    {
      retry: { maxRetries: 6, initialDelayMs: 100, maxDelayMs: 1000 },
      random: () => 1,
    },
  );
  try {
    await assert.rejects(s.transport.request(GET), (e: unknown) => isInternalError(e));
    assert.equal(s.requests.length, 7);
    assert.deepEqual(s.sleeps, [100, 200, 400, 800, 1000, 1000]);
  } finally {
    await s.close();
  }
  const policy = { maxRetries: 10, initialDelayMs: 100, maxDelayMs: 1000 };
  assert.equal(
    retryDelayMs(policy, 3, undefined, () => 0),
    400,
    "half of 800 at the lowest jitter",
  );
  assert.equal(
    retryDelayMs(policy, 0, 0, () => 0),
    50,
  );
});

test("Warning headers reach the handler, parsed from the 299 form", async () => {
  const seen: [WarningHeader, string][] = [];
  const s = await scripted(
    (res) => {
      res.setHeader("warning", [
        '299 - "v1beta1 Widget is deprecated"',
        '299 - "a \\"quoted\\" one" "Tue, 15 Nov 1994 08:12:31 GMT", 299 - "third"',
      ]);
      ok(res);
    },
    anonymousAuth,
    { onWarning: (w, r) => void seen.push([w, `${r.method} ${r.path}`]) },
  );
  try {
    await s.transport.request(GET);
    assert.deepEqual(
      seen.map(([w, r]) => `${w.code} ${w.agent} ${w.text} @ ${r}`),
      [
        "299 - v1beta1 Widget is deprecated @ GET /prefix/api/v1/things",
        '299 - a "quoted" one @ GET /prefix/api/v1/things',
        "299 - third @ GET /prefix/api/v1/things",
      ],
    );
  } finally {
    await s.close();
  }
  assert.deepEqual(
    parseWarningHeaders(["garbage", '299 - "ok", nonsense']).map((w) => w.text),
    ["ok"],
  );
});

test("a Status body is kept as the server wrote it; other bodies get a synthesized Status", async () => {
  const s = await scripted((res, n) => {
    if (n === 1)
      return sendJson(
        res,
        422,
        status(422, "Invalid", { details: { name: "a", causes: [{ reason: "FieldValueRequired", field: "spec.x" }] } }),
      );
    if (n === 2) {
      res.writeHead(502, { "content-type": "application/json" });
      return res.end('{"error":"SECRET-ISH upstream detail"}');
    }
    if (n === 3) {
      res.writeHead(404, { "content-type": "text/plain" });
      return res.end("404 page not found\n");
    }
    res.writeHead(409);
    res.end();
  });
  try {
    const invalid = await s.transport.request(POST).catch((e: unknown) => e);
    assert.ok(isInvalid(invalid) && invalid instanceof ApiError);
    assert.equal(invalid.message, "Invalid!");
    assert.equal(invalid.causes[0]?.field, "spec.x");
    assert.ok(!isUnexpectedServerError(invalid));

    const gateway = await s.transport.request(POST).catch((e: unknown) => e);
    assert.ok(gateway instanceof ApiError && isInternalError(gateway) && isUnexpectedServerError(gateway));
    assert.equal(gateway.code, 502);
    assert.equal(gateway.causes[0]?.message, "unknown", "a non-text body is not quoted");
    assert.equal(gateway.message, 'an error on the server ("unknown") has prevented the request from succeeding');

    const missing = await s.transport.request({ ...POST, method: "POST" }).catch((e: unknown) => e);
    assert.ok(isNotFound(missing) && missing instanceof ApiError);
    assert.equal(missing.causes[0]?.message, "404 page not found");

    const exists = await s.transport.request(POST).catch((e: unknown) => e);
    assert.ok(isAlreadyExists(exists), "a bare 409 on POST reads as AlreadyExists, as client-go");
  } finally {
    await s.close();
  }
});

test("a 401 makes the provider re-read its token, and the request is sent once more", async () => {
  const t = tempDir();
  const tokenPath = t.write("token", "old-token");
  const s = await scripted((res, n) => {
    if (n === 1) {
      t.write("token", "new-token");
      return sendJson(res, 401, status(401, "Unauthorized"));
    }
    ok(res);
  }, tokenFileAuth(tokenPath));
  try {
    await s.transport.request(POST);
    assert.deepEqual(
      s.requests.map((r) => r.headers["authorization"]),
      ["Bearer old-token", "Bearer new-token"],
    );
    assert.deepEqual(s.sleeps, [], "no backoff for a credential refresh");
  } finally {
    await s.close();
    t.cleanup();
  }
  const s2 = await scripted((res) => sendJson(res, 401, status(401, "Unauthorized")), bearerTokenAuth("static"));
  try {
    await assert.rejects(s2.transport.request(GET), (e: unknown) => e instanceof ApiError && e.code === 401);
    assert.equal(s2.requests.length, 1, "a static token is not retried");
  } finally {
    await s2.close();
  }
});

test("query parameters, path prefix, JSON bodies and timeouts", async () => {
  let body = "";
  const s = await startServer((req, res, n) => {
    if (n === 2) return; // never answers: the timeout ends it
    sendJson(res, 200, { url: req.url, type: req.headers["content-type"], len: req.headers["content-length"] });
  });
  s.server.on("request", (req) => req.on("data", (c: Buffer) => (body += c.toString())));
  const agents = new AgentPool();
  try {
    const transport = createTransport(
      { server: s.url + "/base/", tls: { insecureSkipTlsVerify: false }, auth: anonymousAuth, namespace: "default" },
      { agents, retry: { maxRetries: 0 } },
    );
    const r = await transport.json<{ url: string; type: string }>({
      method: "PATCH",
      path: "/apis/x/v1/things/a",
      query: { labelSelector: "a=b,c in (d)", limit: 5, dryRun: ["All"], skip: undefined },
      body: { spec: { x: 1 } },
      contentType: "application/merge-patch+json",
    });
    assert.equal(r.url, "/base/apis/x/v1/things/a?labelSelector=a%3Db%2Cc+in+%28d%29&limit=5&dryRun=All");
    assert.equal(r.type, "application/merge-patch+json");
    assert.equal(body, '{"spec":{"x":1}}');
    await assert.rejects(
      transport.request({ ...GET, timeoutMs: 50 }),
      (e: unknown) => e instanceof TransportError && e.code === "ETIMEDOUT",
    );
    assert.equal(s.requests.length, 2);
  } finally {
    agents.destroy();
    await s.close();
  }
});

test("the user agent's version is the runtime package's", () => {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };
  assert.equal(RUNTIME_VERSION, pkg.version);
  assert.ok(isTooManyRequests(new ApiError({ code: 429 })));
});
