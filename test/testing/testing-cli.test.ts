// The testing package's own command, kube-codegen-test-server (testing/src/cli.ts): the flags of
// `kube-codegen test-server`, parsed without yargs, and the same exit codes (2 for bad usage or input).
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { parse, stringify } from "yaml";
import { main } from "../../testing/src/cli.js";
import { conformanceCrds } from "./transcript-fixtures.js";

function capture(): { out: { log: (t: string) => void; err: (t: string) => void }; logs: string[]; errs: string[] } {
  const logs: string[] = [];
  const errs: string[] = [];
  return { out: { log: (t) => logs.push(t), err: (t) => errs.push(t) }, logs, errs };
}

test("--help and --version answer; unknown flags, bad ports and missing directories exit 2 with a message", async () => {
  let c = capture();
  assert.equal(await main(["--help"], c.out), 0);
  assert.match(c.logs.join("\n"), /Usage: kube-codegen-test-server/);
  c = capture();
  assert.equal(await main(["--version"], c.out), 0);
  const pkg = JSON.parse(readFileSync(join(import.meta.dirname, "../../testing/package.json"), "utf8")) as { version: string };
  assert.deepEqual(c.logs, [pkg.version]);
  for (const [argv, message] of [
    [["--bogus"], /Unknown option '--bogus'/],
    [["--port", "http"], /--port must be a port number/],
    [["--port", "70000"], /--port must be a port number/],
    [["--crds", "/nonexistent/crds"], /\/nonexistent\/crds does not exist/],
    [["--authorization-mode", "ABAC"], /--authorization-mode must be AlwaysAllow or RBAC, got "ABAC"/],
    [["--emulate", "1.30"], /--emulate must be 1\.37 or 1\.24, got "1\.30"/],
  ] as const) {
    c = capture();
    assert.equal(await main([...argv], c.out), 2, argv.join(" "));
    assert.match(c.errs.join("\n"), message);
    assert.deepEqual(c.logs, [], "nothing on stdout");
  }
});

test("it serves the CRDs over plain HTTP with --no-tls, prints the kubeconfig path and stops on abort", async () => {
  const dir = mkdtempSync(join(tmpdir(), "crds-"));
  const abort = new AbortController();
  const lines: string[] = [];
  let printed: () => void = () => {};
  const ready = new Promise<void>((r) => (printed = r));
  try {
    writeFileSync(join(dir, "widgets.yaml"), stringify(conformanceCrds()[0]));
    const out = {
      log: (t: string) => {
        lines.push(t);
        if (lines.length >= 2) printed();
      },
      err: (t: string) => assert.fail(t),
    };
    const done = main(["--crds", dir, "--no-tls"], out, abort.signal);
    await ready;
    assert.match(lines[0] ?? "", /^test API server listening on http:\/\/127\.0\.0\.1:\d+ with 1 CRD\(s\)$/);
    const kubeconfig = lines[1] ?? "";
    assert.ok(existsSync(kubeconfig));
    const cfg = parse(readFileSync(kubeconfig, "utf8")) as {
      clusters: { cluster: { server: string } }[];
      users: { user: { token: string } }[];
    };
    const res = await fetch(`${cfg.clusters[0]?.cluster.server ?? ""}/apis/conformance.example.com/v1`, {
      headers: { Authorization: `Bearer ${cfg.users[0]?.user.token ?? ""}` },
    });
    assert.equal(res.status, 200);
    abort.abort();
    assert.equal(await done, 0);
    assert.equal(existsSync(kubeconfig), false, "the kubeconfig is removed when the server stops");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * Runs the command with `argv` until it has printed its kubeconfig's path; the server's URL and
 * token from that kubeconfig, and `stop`, which stops it and resolves with its exit code.
 */
async function startCommand(argv: string[]): Promise<{ server: string; token: string; stop: () => Promise<number> }> {
  const abort = new AbortController();
  const lines: string[] = [];
  let printed: () => void = () => {};
  const ready = new Promise<void>((r) => (printed = r));
  const out = {
    log: (t: string) => {
      lines.push(t);
      if (lines.length >= 2) printed();
    },
    err: (t: string) => assert.fail(t),
  };
  const done = main(argv, out, abort.signal);
  await ready;
  const cfg = parse(readFileSync(lines[1] ?? "", "utf8")) as {
    clusters: { cluster: { server: string } }[];
    users: { user: { token: string } }[];
  };
  return {
    server: cfg.clusters[0]?.cluster.server ?? "",
    token: cfg.users[0]?.user.token ?? "",
    stop: () => {
      abort.abort();
      return done;
    },
  };
}

test("--authorization-mode RBAC serves the rbac group and enforces it", async () => {
  const { server, token, stop } = await startCommand(["--no-tls", "--authorization-mode", "RBAC"]);
  const admin = await fetch(`${server}/apis/rbac.authorization.k8s.io/v1/clusterroles/cluster-admin`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  assert.equal(admin.status, 200);
  const impersonated = await fetch(`${server}/api/v1/namespaces/default/pods`, {
    headers: { Authorization: `Bearer ${token}`, "Impersonate-User": "jane" },
  });
  assert.equal(impersonated.status, 403);
  assert.equal(await stop(), 0);
});

test("--emulate 1.24 answers as 1.24 where it differs (no aggregated discovery, streaming lists refused); the default answers as 1.37", async () => {
  for (const [argv, aggregated, watchList] of [
    [["--no-tls"], true, 200],
    [["--no-tls", "--emulate", "1.24"], false, 422],
  ] as const) {
    const { server, token, stop } = await startCommand([...argv]);
    const auth = { Authorization: `Bearer ${token}` };
    const apis = await fetch(`${server}/apis`, {
      headers: { ...auth, Accept: "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json" },
    });
    assert.equal((apis.headers.get("content-type") ?? "").includes("apidiscovery.k8s.io"), aggregated, argv.join(" "));
    await apis.arrayBuffer();
    const ac = new AbortController();
    const list = await fetch(
      `${server}/api/v1/namespaces/default/configmaps?watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true&timeoutSeconds=1`,
      { headers: auth, signal: ac.signal },
    );
    assert.equal(list.status, watchList, argv.join(" "));
    ac.abort();
    assert.equal(await stop(), 0);
  }
});

/** The audit events a log file holds, one JSON line each. */
function auditEventsIn(log: string): Record<string, unknown>[] {
  return readFileSync(log, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

test("--audit-log-path appends an audit event per request to the file", async () => {
  const log = join(mkdtempSync(join(tmpdir(), "kcg-audit-cli-")), "audit.log");
  const { server, token, stop } = await startCommand(["--no-tls", "--audit-log-path", log]);
  const answer = await fetch(`${server}/api/v1/namespaces/default/configmaps/none`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  assert.equal(answer.status, 404);
  await answer.arrayBuffer();
  assert.equal(await stop(), 0);
  const events = auditEventsIn(log);
  const event = events.find((e) => e["requestURI"] === "/api/v1/namespaces/default/configmaps/none");
  assert.ok(event, JSON.stringify(events));
  assert.deepEqual(
    [event["verb"], event["objectRef"], (event["responseStatus"] as { code: number }).code],
    ["get", { resource: "configmaps", namespace: "default", name: "none", apiVersion: "v1" }, 404],
  );
});

test("--audit-policy-file (YAML) decides the level: RequestResponse keeps the answer, a None rule keeps nothing", async () => {
  const dir = mkdtempSync(join(tmpdir(), "kcg-audit-policy-cli-"));
  const log = join(dir, "audit.log");
  const policy = join(dir, "policy.yaml");
  writeFileSync(
    policy,
    'apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n- level: None\n  resources:\n  - group: ""\n    resources: [secrets]\n- level: RequestResponse\n',
  );
  const { server, token, stop } = await startCommand(["--no-tls", "--audit-log-path", log, "--audit-policy-file", policy]);
  for (const path of ["/api/v1/namespaces/default/configmaps/none", "/api/v1/namespaces/default/secrets/none"]) {
    const answer = await fetch(`${server}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    assert.equal(answer.status, 404);
    await answer.arrayBuffer();
  }
  assert.equal(await stop(), 0);
  const events = auditEventsIn(log);
  const stages = (uri: string) => events.filter((e) => e["requestURI"] === uri).map((e) => [e["level"], e["stage"]]);
  assert.deepEqual(stages("/api/v1/namespaces/default/configmaps/none"), [
    ["RequestResponse", "RequestReceived"],
    ["RequestResponse", "ResponseComplete"],
  ]);
  assert.deepEqual(stages("/api/v1/namespaces/default/secrets/none"), []);
  const complete = events.find(
    (e) => e["stage"] === "ResponseComplete" && e["requestURI"] === "/api/v1/namespaces/default/configmaps/none",
  );
  assert.equal((complete?.["responseObject"] as { reason?: string } | undefined)?.reason, "NotFound");
});
