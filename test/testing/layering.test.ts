// The test server's folders are layers, as kube-apiserver's packages are (docs/architecture.md, "The
// test API server"): endpoints → registry → storage, with the controllers clients of the registry.
// Every relative import between parts of testing/src must go down that order, and no controller (nor,
// beyond the allowlist, any endpoint) reaches for the store. What is not fixed yet is listed in
// ALLOWED with its reason, so a new violation fails here, and so does an entry that no longer applies.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, posix, relative } from "node:path";

const root = join(import.meta.dirname, "../../testing/src");

type Layer =
  | "server"
  | "endpoints"
  | "admission"
  | "controllers"
  | "openapi"
  | "registry"
  | "storage"
  | "selectors"
  | "patch"
  | "webhook-client"
  | "base";

/**
 * The layer of a file, by its path under testing/src. registry/ is the generic store with its strategy
 * interface; builtin/ and apiextensions/ are the per-resource registry entries (kube-apiserver's
 * pkg/registry/<group>/<resource>), so all three are one layer. The CRD controller is a controller.
 */
function layerOf(path: string): Layer {
  if (path === "apiextensions/crd-controller.ts") return "controllers";
  if (!path.includes("/")) {
    if (["server-state.ts", "status-errors.ts", "faults.ts"].includes(path)) return "base";
    return "server"; // server.ts, index.ts, test-server-command.ts, kubeconfig.ts: the assembly.
  }
  const folder = path.slice(0, path.indexOf("/"));
  if (folder === "builtin" || folder === "apiextensions") return "registry";
  // The certificate maker and the audit log import nothing of the server: leaves every layer may use.
  if (folder === "audit") return "base";
  return folder as Layer;
}

/** What each layer may import besides itself. */
const MAY_IMPORT: Record<Layer, readonly Layer[]> = {
  server: ["endpoints", "admission", "controllers", "openapi", "registry", "storage", "selectors", "patch", "webhook-client", "base"],
  endpoints: ["admission", "openapi", "registry", "selectors", "patch", "base"],
  admission: ["registry", "selectors", "patch", "webhook-client", "base"],
  controllers: ["registry", "base"],
  openapi: ["registry", "patch", "base"],
  registry: ["storage", "selectors", "patch", "webhook-client", "base"],
  storage: ["selectors", "base"],
  selectors: ["base"],
  patch: ["base"],
  "webhook-client": ["base"],
  base: [],
};

/** Layers whose files must not use the store (state.store): they go through the registry. */
const NO_STORE: readonly Layer[] = ["endpoints", "admission", "controllers", "openapi"];

/**
 * Violations in files given as path (under testing/src) → source: "file -> layer" for an import against
 * the order, "file -> store" for a use of the store where NO_STORE forbids it. Imports leaving
 * testing/src are not this test's business.
 */
function violations(files: ReadonlyMap<string, string>): string[] {
  const out = new Set<string>();
  for (const [path, source] of files) {
    const from = layerOf(path);
    for (const m of source.matchAll(/\b(?:from|import)\s*\(?\s*"(\.[^"]+)"/g)) {
      const target = posix.normalize(posix.join(posix.dirname(path), m[1]!)).replace(/\.js$/, ".ts");
      if (target.startsWith("../")) continue;
      const to = layerOf(target);
      if (to !== from && !MAY_IMPORT[from].includes(to)) out.add(`${path} -> ${to}`);
    }
    if (NO_STORE.includes(from) && /\.store\b/.test(source.replace(/\/\/.*$/gm, "").replace(/\/\*[\s\S]*?\*\//g, "")))
      out.add(`${path} -> store`);
  }
  return [...out].sort();
}

/** Known violations, each with why it is still there. */
const ALLOWED: Record<string, string> = {
  "server-state.ts -> registry": "ServerState carries the registry to every handler; threading it (issue 26) is not undone yet",
  "server-state.ts -> storage": "ServerState carries the store and watch hub, as above",
  "faults.ts -> storage": "fault switches compact the store's history to force 410 Gone",
  "endpoints/list-query.ts -> storage": "list paging reads the store and its continue tokens directly (no registry List yet)",
  "endpoints/list-query.ts -> store": "list reads the store directly (no registry List yet)",
  "endpoints/watch-stream.ts -> storage": "watch streams subscribe to the watch hub directly (no registry Watch yet)",
  "endpoints/watch-stream.ts -> store": "watch replays history from the store directly (no registry Watch yet)",
  "endpoints/request-handler.ts -> store": "GET and deletecollection read the store directly (no registry Get/List yet)",
  "endpoints/patch-request.ts -> store": "PATCH reads the current object from the store (no registry Get yet)",
  "endpoints/scale-subresource.ts -> store": "the scale subresource reads its parent from the store (no registry Get yet)",
  "apiextensions/crd-controller.ts -> storage": "the CRD establishment controller still watches the store itself",
  "apiextensions/crd-controller.ts -> patch": "the CRD controller records its condition writes in managedFields itself",
  "apiextensions/crd-controller.ts -> store": "the CRD controller writes CRD conditions and removes custom resources in the store",
};

function readTree(dir: string, out = new Map<string, string>()): Map<string, string> {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) readTree(p, out);
    else if (name.endsWith(".ts")) out.set(relative(root, p).split("\\").join("/"), readFileSync(p, "utf8"));
  }
  return out;
}

test("testing/src imports go down the layers, except the allowlisted ones", () => {
  const files = readTree(root);
  assert.ok(files.size > 50 && files.has("registry/write-delete.ts"), "the scan sees the tree");
  const found = violations(files);
  assert.deepEqual(
    found.filter((v) => !(v in ALLOWED)),
    [],
    "new imports against the layering",
  );
  assert.deepEqual(
    Object.keys(ALLOWED).filter((v) => !found.includes(v)),
    [],
    "allowlist entries that no longer apply (remove them)",
  );
});

test("the checker flags a registry file importing endpoints and a controller using the store", () => {
  const files = new Map([
    ["registry/write-x.ts", 'import { queryBool } from "../endpoints/query-params.js";\nimport { clone } from "./write-common.js";'],
    ["controllers/gc.ts", 'import { deleteStored } from "../registry/controller-client.js";\nstate.store.delete(r, k);'],
    ["controllers/ns.ts", 'import type { KubeObject } from "../storage/store.js";'],
    ["endpoints/ok.ts", 'import { deleteObject } from "../registry/write-delete.js";\n// state.store in a comment is fine'],
    ["storage/up.ts", 'export { x } from "../registry/resource-info.js";'],
  ]);
  assert.deepEqual(violations(files), [
    "controllers/gc.ts -> store",
    "controllers/ns.ts -> storage",
    "registry/write-x.ts -> endpoints",
    "storage/up.ts -> registry",
  ]);
});

test("the layer of a path", () => {
  assert.equal(layerOf("builtin/pod-strategy.ts"), "registry");
  assert.equal(layerOf("apiextensions/crd-controller.ts"), "controllers");
  assert.equal(layerOf("server.ts"), "server");
  assert.equal(layerOf("status-errors.ts"), "base");
});

/** The runtime imports of testing/src that bring code: anything but `import type` from a runtime entry other than /tls. */
function runtimeValueImports(files: ReadonlyMap<string, string>): string[] {
  const out: string[] = [];
  for (const [path, source] of files)
    for (const m of source.matchAll(/^(import|export)\s+(type\s+)?[^;]*?from\s+"(@kube-codegen\/runtime(?:\/[a-z-]+)?)"/gm))
      if (m[2] === undefined && m[3] !== "@kube-codegen/runtime/tls") out.push(`${path} -> ${m[3]!}`);
  return out.sort();
}

test("testing/src takes only types from the runtime, and its certificate code from the runtime's tls layer", () => {
  assert.deepEqual(runtimeValueImports(readTree(root)), []);
  assert.deepEqual(
    runtimeValueImports(
      new Map([
        ["a.ts", 'import type { ApiError } from "@kube-codegen/runtime";\nimport { issueCertificate } from "@kube-codegen/runtime/tls";'],
        ["b.ts", 'import { ApiError } from "@kube-codegen/runtime";\nimport { Reflector } from "@kube-codegen/runtime/cache";'],
      ]),
    ),
    ["b.ts -> @kube-codegen/runtime", "b.ts -> @kube-codegen/runtime/cache"],
  );
});
