// What the scripts that record a real kube-apiserver share (record-webhooks-1.37.ts,
// record-admission-1.37.ts, record-conversion-1.37.ts): the URL and token from the command line, a
// bare HTTPS client that keeps status, Warning header and body, each exchange named as a step with
// the webhook calls made meanwhile, and the fixture written as {server, exchanges}.
import { mkdirSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import { join } from "node:path";

/** A call the real server made to one of the recording's webhooks: its path and review request. */
export interface Call {
  path: string;
  request: unknown;
}

/** One recorded request and answer, with the webhook calls made meanwhile. */
export interface Exchange {
  step: string;
  request: { method: string; path: string; contentType?: string; body?: unknown };
  response: { status: number; warning?: string; body?: unknown };
  calls?: Call[];
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** The server URL and token a recording script was started with (`SCRIPT URL TOKEN`). */
export function serverArgs(script: string): { base: string; token: string } {
  const [base = "", token = ""] = process.argv.slice(2);
  if (!base || !token) throw new Error(`usage: ${script} URL TOKEN`);
  return { base, token };
}

/** A recorder against the server at `base`: `call` sends, `step` sends and keeps the exchange. */
export function recorder(base: string, token: string) {
  const exchanges: Exchange[] = [];
  let calls: Call[] = [];
  const call = (method: string, path: string, body?: unknown, contentType = "application/json") =>
    new Promise<{ status: number; warning?: string; text: string }>((resolve, reject) => {
      const req = request(
        `${base}${path}`,
        {
          method,
          rejectUnauthorized: false,
          agent: false,
          headers: { Authorization: `Bearer ${token}`, ...(body !== undefined ? { "Content-Type": contentType } : {}) },
        },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (c: string) => (text += c));
          res.on("end", () => {
            const w = res.headers["warning"];
            resolve({ status: res.statusCode ?? 0, ...(w ? { warning: Array.isArray(w) ? w.join(", ") : w } : {}), text });
          });
        },
      );
      req.on("error", reject);
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });
  const step = async (name: string, method: string, path: string, body?: unknown, contentType?: string): Promise<Exchange> => {
    process.stderr.write(`${name}\n`);
    calls = [];
    const r = await call(method, path, body, contentType);
    const e: Exchange = {
      step: name,
      request: { method, path, ...(contentType ? { contentType } : {}), ...(body !== undefined ? { body } : {}) },
      response: {
        status: r.status,
        ...(r.warning ? { warning: r.warning } : {}),
        ...(r.text ? { body: JSON.parse(r.text) as unknown } : {}),
      },
      ...(calls.length > 0 ? { calls } : {}),
    };
    exchanges.push(e);
    return e;
  };
  return {
    call,
    step,
    /** Notes a webhook call the server made, for the step under way. */
    called: (c: Call): void => {
      calls.push(c);
    },
    /**
     * Records the create of `crd` as step `name` (after deleting what an earlier run left of it) and
     * waits until its resources answer at `listPath`.
     */
    installCrd: async (name: string, crd: Record<string, unknown>, listPath: string): Promise<void> => {
      const crds = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
      await call("DELETE", `${crds}/${(crd["metadata"] as { name: string }).name}`);
      await sleep(2000);
      await step(name, "POST", crds, crd);
      for (let i = 0; i < 60 && (await call("GET", listPath)).status !== 200; i++) await sleep(500);
    },
    /** Writes test/fixtures/apiserver-1.37/`name`. */
    write: (name: string): void => {
      const dir = join(import.meta.dirname, "../test/fixtures/apiserver-1.37");
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, name), `${JSON.stringify({ server: "kube-apiserver v1.37.2", exchanges }, null, 2)}\n`);
      process.stderr.write(`wrote ${String(exchanges.length)} exchanges to test/fixtures/apiserver-1.37/${name}\n`);
    },
  };
}

/** What a scenario of the admission policy recordings holds (test/fixtures/apiserver-1.37/*-scenarios.ts). */
interface ScenarioLike {
  name: string;
  setup: { what: string; method?: string; path: string; body?: unknown; settle?: boolean }[];
  requests: { what: string; method?: string; path: string; body?: unknown }[];
  ready?: { path: string; body: unknown };
}

/**
 * Runs a policy scenario through a recorder: its setup (waiting with `settle` where a step asks and
 * after the last, then until its `ready` request is no longer 503 or 404), then its requests, each recorded
 * as "<scenario>: <what>". An update replaces what
 * is stored, so its resourceVersion comes from a GET just before.
 */
export async function runScenario(rec: ReturnType<typeof recorder>, s: ScenarioLike, settle: () => Promise<void>): Promise<void> {
  for (const [i, setup] of s.setup.entries()) {
    await rec.step(`${s.name}: setup ${String(i + 1)} ${setup.what}`, setup.method ?? "POST", setup.path, setup.body);
    if (setup.settle) await settle();
  }
  await settle();
  if (s.ready)
    for (let i = 0; i < 120 && [503, 404].includes((await rec.call("POST", `${s.ready.path}?dryRun=All`, s.ready.body)).status); i++)
      await sleep(500);
  for (const r of s.requests) {
    let body = r.body;
    if (r.method === "PUT") {
      const current = JSON.parse((await rec.call("GET", r.path)).text) as { metadata: Record<string, unknown> };
      const b = r.body as { metadata: Record<string, unknown> };
      body = { ...b, metadata: { ...b.metadata, resourceVersion: current.metadata["resourceVersion"] } };
    }
    await rec.step(`${s.name}: ${r.what}`, r.method ?? "POST", r.path, body);
  }
}

const probeName = (n: number): string => `sentinel-probe-${String(n)}`;

/** The matchConstraints of sentinel policy `n`: creates of its probe ConfigMap only (see awaitSentinel). */
export function sentinelConstraints(n: number): Record<string, unknown> {
  return {
    resourceRules: [
      { apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE"], resources: ["configmaps"], resourceNames: [probeName(n)] },
    ],
  };
}

/**
 * Polls, with dry-run creates of the ConfigMap `sentinel-probe-<n>` in default, until `active` says a
 * sentinel policy acted on one; then waits one more pass of the server's policy source, so objects it
 * reads through informers (params) are seen too. The probes are not recorded.
 */
export async function awaitSentinel(
  rec: ReturnType<typeof recorder>,
  n: number,
  active: (answer: { status: number; text: string }) => boolean,
): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const r = await rec.call("POST", "/api/v1/namespaces/default/configmaps?dryRun=All", {
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: { name: probeName(n) },
    });
    if (active(r)) {
      await sleep(1200);
      return;
    }
    await sleep(200);
  }
  throw new Error(`sentinel ${String(n)} never became active`);
}
