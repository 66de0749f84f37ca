// kubebuilder's cert-manager certificate for the metrics server, as kube-codegen init writes it:
// config/certmanager/certificate-metrics.yaml, config/default/cert_metrics_manager_patch.yaml,
// config/prometheus/monitor_tls_patch.yaml and the commented-out [CERTMANAGER],
// [METRICS-WITH-CERTS] and [PROMETHEUS-WITH-CERTS] sections that turn them on. The tests check that
// the patch hands the manager the certificate the way cmd/main.ts reads it, that config/default
// renders with kubectl kustomize once a user uncomments those sections (the replacements put the
// prefixed metrics Service in the Certificate and the ServiceMonitor), and that create webhook
// afterwards adds its certificate beside the metrics one without duplicating what init wrote.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { main } from "../../src/cli/main.js";
import { Console } from "../../src/cli/console.js";
import { tempDir } from "../helpers/fs.js";
import { kustomize, kustomizeSkip } from "./kustomize.js";

async function ok(dir: string, ...argv: string[]) {
  const out = Console.memory();
  const code = await main(argv, out, dir);
  assert.equal(code, 0, `${argv.join(" ")}: ${out.stdout.join("\n")}${out.stderr.join("\n")}`);
  return out.stdout.join("\n");
}

const read = (dir: string, path: string) => readFileSync(join(dir, path), "utf8");

const PREFIX = "guestbook-operator-";
const NAMESPACE = "guestbook-operator-system";
const CERT_DIR = "/tmp/k8s-metrics-server/metrics-certs";
const METRICS_SERVICE = `${PREFIX}controller-manager-metrics-service`;

/** A fresh project; with `api`, one kind generated, which config/default needs to render (config/crd lists none before). */
async function initProject(api = false): Promise<string> {
  const dir = join(tempDir(), "guestbook-operator");
  mkdirSync(dir);
  await ok(dir, "init", "--domain", "my.domain");
  if (api) {
    await ok(dir, "create", "api", "--group", "webapp", "--version", "v1", "--kind", "Guestbook", "--controller");
    await ok(dir, "generate");
  }
  return dir;
}

/**
 * Uncomments the sections of `path` tagged `# [TAG]` as a user would: the YAML lines under the tag
 * lose their leading `#` up to the blank line that ends the section, its prose (`# ` and a word)
 * stays. Fails when a tag is not there, so a renamed tag cannot make the rendering tests vacuous.
 */
function uncomment(dir: string, path: string, ...tags: string[]): void {
  const text = read(dir, path);
  for (const tag of tags) assert.ok(text.includes(`\n# [${tag}]`), `${path} has a [${tag}] section`);
  let on = false;
  const lines = text.split("\n").map((l) => {
    if (l.startsWith("# [")) on = tags.some((t) => l.startsWith(`# [${t}]`));
    else if (!l.startsWith("#")) on = false;
    else if (on && !/^# \S/.test(l)) return l.slice(1);
    return l;
  });
  writeFileSync(join(dir, path), lines.join("\n"));
}

type Pod = {
  containers: { env: { name: string; value?: string }[]; volumeMounts: { name: string; mountPath: string; readOnly?: boolean }[] }[];
  volumes: { name: string; secret?: { secretName: string } }[];
};
type Certificate = { metadata: { namespace: string }; spec: { dnsNames: string[]; secretName: string; issuerRef: { name: string } } };

function podOf(objects: Map<string, Record<string, unknown>>): Pod {
  const deployment = objects.get(`Deployment/${PREFIX}controller-manager`) as { spec: { template: { spec: Pod } } } | undefined;
  assert.ok(deployment, [...objects.keys()].join(", "));
  return deployment.spec.template.spec;
}

function certificate(objects: Map<string, Record<string, unknown>>, name: string): Certificate {
  const cert = objects.get(`Certificate/${PREFIX}${name}`);
  assert.ok(cert, `Certificate/${PREFIX}${name} in ${[...objects.keys()].join(", ")}`);
  return cert as unknown as Certificate;
}

// The manager's Pod is given the metrics certificate: its Secret mounted at CERT_DIR, and
// METRICS_CERT_PATH (what cmd/main.ts reads) naming that directory.
function assertMetricsCertMounted(pod: Pod): void {
  assert.deepEqual(
    pod.volumes.find((v) => v.name === "metrics-certs")?.secret?.secretName,
    "metrics-server-cert",
    JSON.stringify(pod.volumes),
  );
  const manager = pod.containers[0]!;
  assert.deepEqual(
    manager.volumeMounts.find((m) => m.name === "metrics-certs"),
    { name: "metrics-certs", mountPath: CERT_DIR, readOnly: true },
  );
  assert.deepEqual(
    manager.env.find((e) => e.name === "METRICS_CERT_PATH"),
    { name: "METRICS_CERT_PATH", value: CERT_DIR },
  );
}

test("init writes the metrics certificate's wiring, off by default: the Certificate, the manager's patch passing the path as cmd/main.ts reads it, the ServiceMonitor's TLS patch", async () => {
  const dir = await initProject();
  const cert = parse(read(dir, "config/certmanager/certificate-metrics.yaml")) as {
    kind: string;
    metadata: { name: string };
    spec: Certificate["spec"];
  };
  assert.deepEqual([cert.kind, cert.metadata.name, cert.spec.secretName], ["Certificate", "metrics-certs", "metrics-server-cert"]);
  assert.equal(cert.spec.issuerRef.name, "selfsigned-issuer");
  assert.equal((parse(read(dir, "config/certmanager/issuer.yaml")) as { metadata: { name: string } }).metadata.name, "selfsigned-issuer");
  // No webhook yet: the certmanager kustomization lists the metrics certificate only.
  assert.deepEqual((parse(read(dir, "config/certmanager/kustomization.yaml")) as { resources: string[] }).resources, [
    "issuer.yaml",
    "certificate-metrics.yaml",
  ]);

  // The patch mounts the Certificate's Secret and hands its directory over the way cmd/main.ts
  // takes it: the environment variable METRICS_CERT_PATH, which becomes the metrics server's certDir.
  const patch = parse(read(dir, "config/default/cert_metrics_manager_patch.yaml")) as { op: string; path: string; value: unknown }[];
  const added = (path: string) => patch.find((p) => p.op === "add" && p.path === path)?.value;
  assert.deepEqual(added("/spec/template/spec/containers/0/env/-"), { name: "METRICS_CERT_PATH", value: CERT_DIR });
  assert.deepEqual(added("/spec/template/spec/containers/0/volumeMounts/-"), {
    mountPath: CERT_DIR,
    name: "metrics-certs",
    readOnly: true,
  });
  assert.equal((added("/spec/template/spec/volumes/-") as { secret: { secretName: string } }).secret.secretName, cert.spec.secretName);
  const mainTs = read(dir, "cmd/main.ts");
  assert.match(mainTs, /const metricsCertPath = process\.env\["METRICS_CERT_PATH"\];/);
  assert.match(mainTs, /certDir: metricsCertPath/);
  // The patch appends to the manager's lists, which must be there for a JSON patch's /-.
  const manager = read(dir, "config/manager/manager.yaml");
  assert.match(manager, /^ {8}volumeMounts: \[\]$/m);
  assert.match(manager, /^ {6}volumes: \[\]$/m);

  const tls = parse(read(dir, "config/prometheus/monitor_tls_patch.yaml")) as {
    op: string;
    path: string;
    value: { serverName: string; insecureSkipVerify: boolean; ca: { secret: { name: string } } };
  }[];
  assert.deepEqual([tls[0]!.op, tls[0]!.path], ["replace", "/spec/endpoints/0/tlsConfig"]);
  assert.equal(tls[0]!.value.insecureSkipVerify, false);
  assert.equal(tls[0]!.value.ca.secret.name, "metrics-server-cert");

  // Off until uncommented: config/default and config/prometheus as written use none of it.
  const kustomization = parse(read(dir, "config/default/kustomization.yaml")) as {
    resources: string[];
    patches: { path: string }[];
    replacements: unknown;
  };
  assert.ok(!kustomization.resources.includes("../certmanager"));
  assert.deepEqual(
    kustomization.patches.map((p) => p.path),
    ["manager_metrics_patch.yaml"],
  );
  assert.equal(kustomization.replacements, null);
  assert.equal((parse(read(dir, "config/prometheus/kustomization.yaml")) as { patches?: unknown }).patches, undefined);
});

test(
  "with the [CERTMANAGER] and [METRICS-WITH-CERTS] sections uncommented, kubectl kustomize config/default mounts the metrics certificate, whose DNS names are the prefixed metrics Service's; with [PROMETHEUS-WITH-CERTS] the ServiceMonitor verifies it",
  { skip: kustomizeSkip("default") },
  async () => {
    const dir = await initProject(true);
    // As written: no Certificate, no mount, the self-signed certificate.
    const fresh = kustomize(dir, "default");
    assert.ok(![...fresh.keys()].some((k) => k.startsWith("Certificate/") || k.startsWith("Issuer/")));
    assert.deepEqual(podOf(fresh).volumes, []);
    assert.equal(
      podOf(fresh).containers[0]!.env.find((e) => e.name === "METRICS_CERT_PATH"),
      undefined,
    );

    uncomment(dir, "config/default/kustomization.yaml", "CERTMANAGER", "METRICS-WITH-CERTS");
    const objects = kustomize(dir, "default");
    assertMetricsCertMounted(podOf(objects));
    const cert = certificate(objects, "metrics-certs");
    assert.equal(cert.metadata.namespace, NAMESPACE);
    // The replacements put the metrics Service's prefixed name and namespace into both DNS names.
    assert.deepEqual(cert.spec.dnsNames, [`${METRICS_SERVICE}.${NAMESPACE}.svc`, `${METRICS_SERVICE}.${NAMESPACE}.svc.cluster.local`]);
    assert.equal(cert.spec.secretName, "metrics-server-cert", "unprefixed: the Secret is cert-manager's, not kustomize's");
    assert.equal(cert.spec.issuerRef.name, `${PREFIX}selfsigned-issuer`);
    assert.ok(objects.has(`Issuer/${PREFIX}selfsigned-issuer`));
    assert.ok(objects.has(`Service/${METRICS_SERVICE}`));

    uncomment(dir, "config/default/kustomization.yaml", "PROMETHEUS");
    uncomment(dir, "config/prometheus/kustomization.yaml", "PROMETHEUS-WITH-CERTS");
    const monitor = kustomize(dir, "default").get(`ServiceMonitor/${PREFIX}controller-manager-metrics-monitor`) as
      { spec: { endpoints: { tlsConfig: Record<string, unknown> }[] } } | undefined;
    assert.ok(monitor, "the ServiceMonitor renders");
    assert.deepEqual(monitor.spec.endpoints[0]!.tlsConfig, {
      serverName: `${METRICS_SERVICE}.${NAMESPACE}.svc`,
      insecureSkipVerify: false,
      ca: { secret: { name: "metrics-server-cert", key: "ca.crt" } },
      cert: { secret: { name: "metrics-server-cert", key: "tls.crt" } },
      keySecret: { name: "metrics-server-cert", key: "tls.key" },
    });
  },
);

test(
  "create webhook after the metrics certificate is on: config/default renders both certificates, each with its Service's DNS names and its Secret mounted, and ../certmanager listed once",
  { skip: kustomizeSkip("default") },
  async () => {
    const dir = await initProject(true);
    uncomment(dir, "config/default/kustomization.yaml", "CERTMANAGER", "METRICS-WITH-CERTS");
    await ok(dir, "create", "webhook", "--group", "webapp", "--version", "v1", "--kind", "Guestbook", "--programmatic-validation");
    await ok(dir, "generate");
    const resources = (parse(read(dir, "config/default/kustomization.yaml")) as { resources: string[] }).resources;
    assert.equal(resources.filter((r) => r === "../certmanager").length, 1, resources.join(" "));

    const objects = kustomize(dir, "default");
    const metrics = certificate(objects, "metrics-certs");
    assert.deepEqual(metrics.spec.dnsNames, [`${METRICS_SERVICE}.${NAMESPACE}.svc`, `${METRICS_SERVICE}.${NAMESPACE}.svc.cluster.local`]);
    const webhook = certificate(objects, "serving-cert");
    const webhookService = `${PREFIX}webhook-service`;
    assert.deepEqual(webhook.spec.dnsNames, [`${webhookService}.${NAMESPACE}.svc`, `${webhookService}.${NAMESPACE}.svc.cluster.local`]);
    assert.equal(webhook.spec.secretName, "webhook-server-cert");
    const pod = podOf(objects);
    assertMetricsCertMounted(pod);
    assert.equal(pod.volumes.find((v) => v.name === "webhook-certs")?.secret?.secretName, "webhook-server-cert");
    assert.equal(pod.volumes.length, 2, JSON.stringify(pod.volumes));
  },
);

test("create webhook extends init's config/certmanager and uncomments its ../certmanager rather than adding them again", async () => {
  const dir = await initProject();
  await ok(dir, "create", "api", "--group", "webapp", "--version", "v1", "--kind", "Guestbook", "--controller=false");
  const issuer = read(dir, "config/certmanager/issuer.yaml");
  const kustomizeconfig = read(dir, "config/certmanager/kustomizeconfig.yaml");
  await ok(dir, "create", "webhook", "--group", "webapp", "--version", "v1", "--kind", "Guestbook", "--defaulting");
  assert.deepEqual((parse(read(dir, "config/certmanager/kustomization.yaml")) as { resources: string[] }).resources, [
    "issuer.yaml",
    "certificate-webhook.yaml",
    "certificate-metrics.yaml",
  ]);
  assert.equal(read(dir, "config/certmanager/issuer.yaml"), issuer);
  assert.equal(read(dir, "config/certmanager/kustomizeconfig.yaml"), kustomizeconfig);
  const lines = read(dir, "config/default/kustomization.yaml").split("\n");
  assert.deepEqual(
    lines.filter((l) => l.includes("../certmanager")),
    ["- ../certmanager"],
    "init's commented-out line, uncommented",
  );

  // A project from before init wrote config/certmanager gets it from create webhook, with the
  // webhooks' certificate only (nothing there would give the metrics one its DNS names).
  const older = await initProject();
  rmSync(join(older, "config/certmanager"), { recursive: true });
  await ok(older, "create", "api", "--group", "webapp", "--version", "v1", "--kind", "Guestbook", "--controller=false");
  await ok(older, "create", "webhook", "--group", "webapp", "--version", "v1", "--kind", "Guestbook", "--defaulting");
  assert.deepEqual((parse(read(older, "config/certmanager/kustomization.yaml")) as { resources: string[] }).resources, [
    "issuer.yaml",
    "certificate-webhook.yaml",
  ]);
  assert.equal(read(older, "config/certmanager/issuer.yaml"), issuer);
});
