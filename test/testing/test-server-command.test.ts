import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { parse, stringify } from "yaml";
import { loadCrds, runTestServerCommand } from "../../src/testing/index.js";
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
