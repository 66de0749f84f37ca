import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { parse, stringify } from "yaml";
import { loadCrds, runTestServerCommand } from "../../testing/src/index.js";
import { send } from "./transcript-http.js";
import { conformanceCrds } from "./transcript-fixtures.js";

test("loadCrds reads CRDs from multi-document YAML and JSON, ignoring other kinds", () => {
  const dir = mkdtempSync(join(tmpdir(), "crds-"));
  try {
    const [widgets, gadgets] = conformanceCrds();
    writeFileSync(
      join(dir, "a.yaml"),
      `${stringify(widgets)}---\n${stringify({ apiVersion: "v1", kind: "ConfigMap", metadata: { name: "x" } })}`,
    );
    writeFileSync(join(dir, "b.json"), JSON.stringify(gadgets));
    writeFileSync(join(dir, "notes.txt"), "not a manifest");
    assert.deepEqual(
      loadCrds(dir).map((c) => (c["metadata"] as { name: string }).name),
      ["widgets.conformance.example.com", "gadgets.conformance.example.com"],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("runTestServerCommand serves the CRDs, prints the kubeconfig path and stops on abort", async () => {
  const dir = mkdtempSync(join(tmpdir(), "crds-"));
  const abort = new AbortController();
  const lines: string[] = [];
  let printed: () => void = () => {};
  const ready = new Promise<void>((r) => (printed = r));
  try {
    writeFileSync(join(dir, "widgets.yaml"), stringify(conformanceCrds()[0]));
    const done = runTestServerCommand({
      crdDir: dir,
      signal: abort.signal,
      write: (t) => {
        lines.push(...t.trimEnd().split("\n"));
        if (lines.length >= 2) printed();
      },
    });
    await ready;
    const path = lines[1] ?? "";
    assert.ok(existsSync(path));
    const cfg = parse(readFileSync(path, "utf8")) as {
      clusters: { cluster: { server: string; "certificate-authority-data": string } }[];
      users: { user: { token: string } }[];
    };
    const cluster = cfg.clusters[0]?.cluster;
    const target = { url: cluster?.server ?? "", caPem: Buffer.from(cluster?.["certificate-authority-data"] ?? "", "base64").toString() };
    const res = await send(target, "GET", "/apis/conformance.example.com/v1", {
      Authorization: `Bearer ${cfg.users[0]?.user.token ?? ""}`,
    });
    assert.equal(res.status, 200);
    abort.abort();
    assert.equal(await done, 0);
    assert.equal(existsSync(path), false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("runTestServerCommand without a CRD directory starts with no CRDs, and one can be created at run time", async () => {
  const abort = new AbortController();
  const lines: string[] = [];
  let printed: () => void = () => {};
  const ready = new Promise<void>((r) => (printed = r));
  const done = runTestServerCommand({
    tls: false,
    signal: abort.signal,
    write: (t) => {
      lines.push(...t.trimEnd().split("\n"));
      if (lines.length >= 2) printed();
    },
  });
  try {
    await ready;
    assert.match(lines[0] ?? "", /^test API server listening on http:\/\/127\.0\.0\.1:\d+ with 0 CRD\(s\)$/);
    const cfg = parse(readFileSync(lines[1] ?? "", "utf8")) as {
      clusters: { cluster: { server: string } }[];
      users: { user: { token: string } }[];
    };
    const target = { url: cfg.clusters[0]?.cluster.server ?? "", caPem: undefined };
    const auth = { Authorization: `Bearer ${cfg.users[0]?.user.token ?? ""}`, "Content-Type": "application/json" };
    assert.equal((await send(target, "GET", "/apis/conformance.example.com/v1", auth)).status, 404);
    const created = await send(
      target,
      "POST",
      "/apis/apiextensions.k8s.io/v1/customresourcedefinitions",
      auth,
      JSON.stringify(conformanceCrds()[0]),
    );
    assert.equal(created.status, 201);
  } finally {
    abort.abort();
  }
  assert.equal(await done, 0);
});
