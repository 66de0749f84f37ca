// Records the streaming-list (watch-list) and aggregated-discovery fixtures under
// test/fixtures/apiserver-1.37/ from a real kube-apiserver 1.37 (see test/fixtures/PROVENANCE.md):
//
//   node --import tsx scripts/record-apiserver-1.37.ts https://127.0.0.1:PORT TOKEN
//
// The server must be fresh (its namespace "default" without ConfigMaps). Values that vary between
// runs (uids, timestamps, resourceVersions, the server address) are kept as recorded; the tests
// that replay the fixtures normalise them, as the 1.24 transcript tests do.
import { writeFileSync, mkdirSync } from "node:fs";
import { execFile } from "node:child_process";
import { request } from "node:https";
import { join } from "node:path";

interface Exchange {
  step: string;
  request: { method: string; path: string; headers?: Record<string, string>; body?: unknown };
  response: {
    status: number;
    headers: Record<string, string>;
    body?: unknown;
    events?: { type: string; object: Record<string, unknown> }[];
  };
}

const [base = "", token = ""] = process.argv.slice(2);
if (!base || !token) throw new Error("usage: record-apiserver-1.37.ts URL TOKEN");
const OUT = join(import.meta.dirname, "../test/fixtures/apiserver-1.37");
/** Headers worth comparing; date and Audit-Id vary and say nothing. */
const KEPT = ["content-type", "cache-control", "vary", "etag"];

function call(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<{ status: number; headers: Record<string, string>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      {
        method,
        rejectUnauthorized: false,
        // A fresh connection each: a watch on a reused keep-alive connection was never seen to end.
        agent: false,
        headers: {
          Authorization: `Bearer ${token}`,
          ...headers,
          ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => {
          const kept: Record<string, string> = {};
          for (const h of KEPT) {
            const v = res.headers[h];
            if (typeof v === "string") kept[h] = v;
          }
          resolve({ status: res.statusCode ?? 0, headers: kept, text });
        });
      },
    );
    req.on("error", reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

async function exchange(
  step: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<Exchange> {
  process.stderr.write(`${step}\n`);
  const r = await call(method, path, headers, body);
  const parsed: unknown = r.text ? JSON.parse(r.text) : undefined;
  return {
    step,
    request: { method, path, ...(Object.keys(headers).length ? { headers } : {}), ...(body !== undefined ? { body } : {}) },
    response: { status: r.status, headers: r.headers, ...(parsed !== undefined ? { body: parsed } : {}) },
  };
}

/**
 * A watch, recorded to its end (every path below carries a short timeoutSeconds); `during` runs a
 * second after the watch opens (after its initial events and bookmark), to make changes it then shows.
 */
async function watch(step: string, path: string, during?: () => Promise<void>): Promise<Exchange> {
  process.stderr.write(`${step}\n`);
  // Watches are read through curl (HTTP/2): over Node's HTTP/1.1 client, a watch that saw changes was
  // never seen to end at its timeoutSeconds on this server, so the recording hung.
  const answer = new Promise<{ status: number; headers: Record<string, string>; text: string }>((resolve, reject) => {
    execFile(
      "curl",
      ["-sk", "-m", "15", "-w", "\n%{http_code}", "-H", `Authorization: Bearer ${token}`, `${base}${path}`],
      (err, stdout) => {
        if (err) return reject(new Error(err.message));
        const cut = stdout.lastIndexOf("\n");
        resolve({ status: Number(stdout.slice(cut + 1)), headers: { "content-type": "application/json" }, text: stdout.slice(0, cut) });
      },
    );
  });
  if (during) {
    await new Promise((r) => setTimeout(r, 1000));
    await during();
  }
  const r = await answer;
  // A refused watch is an ordinary Status answer, not a stream.
  if (r.status !== 200)
    return { step, request: { method: "GET", path }, response: { status: r.status, headers: r.headers, body: JSON.parse(r.text) } };
  const events = r.text
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as { type: string; object: Record<string, unknown> });
  return { step, request: { method: "GET", path }, response: { status: r.status, headers: r.headers, events } };
}

const CMS = "/api/v1/namespaces/default/configmaps";
// Every watch carries a short timeout, so one the server accepts ends on its own.
const W = `${CMS}?watch=true&timeoutSeconds=1`;
const WL = `${W}&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true`;
const cm = (name: string, k: string): Record<string, unknown> => ({ apiVersion: "v1", kind: "ConfigMap", metadata: { name }, data: { k } });

async function recordWatchList(): Promise<Exchange[]> {
  const out: Exchange[] = [];
  for (const n of ["cm-a", "cm-b", "cm-c"]) out.push(await exchange(`create ${n}`, "POST", CMS, {}, cm(n, n)));
  out.push(await exchange("a list, for its resourceVersion", "GET", CMS));
  out.push(
    await watch(
      "streaming list: ADDED for each object, the annotated BOOKMARK, then changes",
      WL.replace("timeoutSeconds=1", "timeoutSeconds=3"),
      async () => {
        await call("POST", CMS, {}, cm("cm-d", "d"));
        await call("DELETE", `${CMS}/cm-a`);
      },
    ),
  );
  out.push(await watch("streaming list from resourceVersion 0 (any state, from the cache)", `${WL}&resourceVersion=0`));
  out.push(await watch("streaming list with a label selector that matches nothing: only the bookmark", `${WL}&labelSelector=x%3Dy`));
  out.push(
    await watch(
      "streaming list without allowWatchBookmarks: initial events, no bookmark",
      `${W}&sendInitialEvents=true&resourceVersionMatch=NotOlderThan`,
    ),
  );
  out.push(await watch("streaming list: limit is ignored on a watch", `${WL}&limit=1`));
  out.push(await watch("streaming list from a resourceVersion the server has not reached", `${WL}&resourceVersion=999999`));
  out.push(
    await watch(
      "sendInitialEvents=false from resourceVersion 1: the history since",
      `${W}&sendInitialEvents=false&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true&resourceVersion=1`,
    ),
  );
  out.push(await exchange("sendInitialEvents on a list", "GET", `${CMS}?sendInitialEvents=true`));
  out.push(await exchange("sendInitialEvents=false on a list", "GET", `${CMS}?sendInitialEvents=false`));
  out.push(await exchange("sendInitialEvents without resourceVersionMatch", "GET", `${W}&sendInitialEvents=true&allowWatchBookmarks=true`));
  out.push(
    await exchange(
      "sendInitialEvents with resourceVersionMatch=Exact",
      "GET",
      `${W}&sendInitialEvents=true&resourceVersionMatch=Exact&resourceVersion=1`,
    ),
  );
  out.push(
    await exchange(
      "sendInitialEvents with an unknown resourceVersionMatch",
      "GET",
      `${W}&sendInitialEvents=true&resourceVersionMatch=bogus`,
    ),
  );
  out.push(await exchange("resourceVersionMatch on a watch without sendInitialEvents", "GET", `${W}&resourceVersionMatch=NotOlderThan`));
  out.push(await exchange("streaming list with continue", "GET", `${WL}&continue=abc`));
  out.push(
    await exchange(
      "a list with resourceVersionMatch=NotOlderThan and sendInitialEvents",
      "GET",
      `${CMS}?sendInitialEvents=true&resourceVersionMatch=NotOlderThan&resourceVersion=0`,
    ),
  );
  return out;
}

const AGG = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";
const AGG_BETA = "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList";

const CRD = {
  apiVersion: "apiextensions.k8s.io/v1",
  kind: "CustomResourceDefinition",
  metadata: { name: "widgets.example.com" },
  spec: {
    group: "example.com",
    scope: "Namespaced",
    names: {
      plural: "widgets",
      singular: "widget",
      kind: "Widget",
      listKind: "WidgetList",
      shortNames: ["wd"],
      categories: ["all", "gadgets"],
    },
    versions: ["v1alpha1", "v1", "v2beta1", "v1beta1"].map((name) => ({
      name,
      served: true,
      storage: name === "v1",
      schema: {
        openAPIV3Schema: {
          type: "object",
          properties: {
            spec: { type: "object", properties: { replicas: { type: "integer" } } },
            status: { type: "object", properties: { replicas: { type: "integer" }, selector: { type: "string" } } },
          },
        },
      },
      subresources:
        name === "v1"
          ? {
              status: {},
              scale: { specReplicasPath: ".spec.replicas", statusReplicasPath: ".status.replicas", labelSelectorPath: ".status.selector" },
            }
          : undefined,
    })),
    conversion: { strategy: "None" },
  },
};

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the server never got there");
}

function hasGroup(text: string, group: string): boolean {
  const doc = JSON.parse(text) as { items?: { metadata?: { name?: string } }[] };
  return (doc.items ?? []).some((g) => g.metadata?.name === group);
}

async function recordDiscovery(): Promise<Exchange[]> {
  const out: Exchange[] = [];
  out.push(await exchange("/api aggregated (v2)", "GET", "/api", { Accept: AGG }));
  const etag = out[0]?.response.headers["etag"] ?? "";
  out.push(await exchange("/api aggregated with If-None-Match of its ETag", "GET", "/api", { Accept: AGG, "If-None-Match": etag }));
  out.push(await exchange("/api aggregated v2beta1 alone (no longer served)", "GET", "/api", { Accept: AGG_BETA }));
  out.push(await exchange("/api with plain JSON", "GET", "/api", { Accept: "application/json" }));
  out.push(await exchange("/api with no Accept", "GET", "/api"));
  out.push(await exchange("/api, plain JSON first and aggregated after", "GET", "/api", { Accept: `application/json, ${AGG}` }));
  out.push(await exchange("/api, aggregated with a lower q than plain JSON", "GET", "/api", { Accept: `${AGG};q=0.5, application/json` }));
  out.push(await exchange("/apis, v2beta1 then plain JSON", "GET", "/apis", { Accept: `${AGG_BETA}, application/json` }));
  out.push(await exchange("/apis, kubectl 1.32's Accept", "GET", "/apis", { Accept: `${AGG},${AGG_BETA};q=0.9,application/json;q=0.8` }));
  out.push(await exchange("create a CRD with four versions", "POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", {}, CRD));
  await until(async () => hasGroup((await call("GET", "/apis", { Accept: AGG })).text, "example.com"));
  out.push(await exchange("/apis aggregated with the CRD's group", "GET", "/apis", { Accept: AGG }));
  out.push(await exchange("/apis legacy with the CRD's group", "GET", "/apis", { Accept: "application/json" }));
  out.push(await exchange("delete the CRD", "DELETE", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/widgets.example.com"));
  await until(async () => !hasGroup((await call("GET", "/apis", { Accept: AGG })).text, "example.com"));
  out.push(await exchange("/apis aggregated after the CRD is gone", "GET", "/apis", { Accept: AGG }));
  return out;
}

mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, "watch-list.json"), `${JSON.stringify(await recordWatchList(), null, 2)}\n`);
writeFileSync(join(OUT, "aggregated-discovery.json"), `${JSON.stringify(await recordDiscovery(), null, 2)}\n`);
const version = await call("GET", "/version");
writeFileSync(join(OUT, "version.json"), `${JSON.stringify(JSON.parse(version.text), null, 2)}\n`);
