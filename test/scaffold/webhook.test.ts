// kube-codegen create webhook through the CLI, in temporary directories, after init and create
// api: the files it writes and the lines it adds, that `generate` writes config/webhook/manifests.yaml
// from the scaffolded markers (exact YAML), that the project type-checks and the scaffolded
// webhook tests pass (run with the runtime's build), the --conversion wiring through the hub, and
// its refusals (no webhook asked for, a kind without an API, a webhook already there), each an
// error with exit code 2 and nothing written.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { main } from "../../src/cli/main.js";
import { Code } from "../../src/diagnostics/index.js";
import { Console } from "../../src/cli/console.js";
import { snapshot, tempDir } from "../helpers/fs.js";
import { strictTypeCheck } from "../helpers/type-check.js";
import { kustomize, kustomizeSkip } from "./kustomize.js";

const repo = new URL("../..", import.meta.url).pathname;

async function run(dir: string, ...argv: string[]) {
  const out = Console.memory();
  const code = await main(argv, out, dir);
  return { code, stdout: out.stdout.join("\n"), stderr: out.stderr.join("\n") };
}

async function ok(dir: string, ...argv: string[]) {
  const r = await run(dir, ...argv);
  assert.equal(r.code, 0, `${argv.join(" ")}: ${r.stdout}${r.stderr}`);
  return r;
}

function project(name = "guestbook-operator"): string {
  const dir = join(tempDir(), name);
  mkdirSync(dir);
  return dir;
}

const read = (dir: string, path: string) => readFileSync(join(dir, path), "utf8");

// As a consumer's strict tsc sees the project (the runtime's and the test server's packages resolved to their sources).
function typeCheck(dir: string, files: readonly string[]): string[] {
  return strictTypeCheck(
    files.map((f) => join(dir, f)),
    {
      types: ["node"],
      typeRoots: [join(repo, "node_modules/@types")],
      paths: {
        "@kube-codegen/runtime": [join(repo, "runtime/src/index.ts")],
        "@kube-codegen/testing": [join(repo, "testing/src/index.ts")],
      },
    },
  );
}

// Runs scaffolded test files as `npm test` would, with the runtime's build linked in as the package.
function runScaffoldedTests(dir: string, files: readonly string[]): { status: number | null; output: string } {
  mkdirSync(join(dir, "node_modules/@kube-codegen"), { recursive: true });
  symlinkSync(join(repo, "runtime"), join(dir, "node_modules/@kube-codegen/runtime"));
  symlinkSync(join(repo, "node_modules/tsx"), join(dir, "node_modules/tsx"));
  // Without this runner's NODE_TEST_CONTEXT, which would make the child skip its files.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== "NODE_TEST_CONTEXT"));
  const r = spawnSync(process.execPath, ["--import", "tsx", "--test", ...files], { cwd: dir, encoding: "utf8", env });
  return { status: r.status, output: r.stdout + r.stderr };
}

const webhookConfig = (kind: "Mutating" | "Validating", name: string, path: string) => `---
apiVersion: admissionregistration.k8s.io/v1
kind: ${kind}WebhookConfiguration
metadata:
  name: ${kind.toLowerCase()}-webhook-configuration
webhooks:
- admissionReviewVersions:
  - v1
  clientConfig:
    service:
      name: webhook-service
      namespace: system
      path: ${path}
  failurePolicy: Fail
  name: ${name}
  rules:
  - apiGroups:
    - webapp.my.domain
    apiVersions:
    - v1
    operations:
    - CREATE
    - UPDATE
    resources:
    - guestbooks
  sideEffects: None
`;

test("create webhook --defaulting --programmatic-validation: the webhook file with kubebuilder's markers, its test, its setup in cmd/main.ts; generate writes the manifests, the project type-checks and its tests pass", async () => {
  const dir = project();
  await ok(dir, "init", "--domain", "my.domain");
  await ok(dir, "create", "api", "--group", "webapp", "--version", "v1", "--kind", "Guestbook", "--controller");
  const w = await ok(
    dir,
    "create",
    "webhook",
    "--group",
    "webapp",
    "--version",
    "v1",
    "--kind",
    "Guestbook",
    "--defaulting",
    "--programmatic-validation",
  );
  assert.deepEqual(
    w.stdout
      .split("\n")
      .filter((l) => l.startsWith("  "))
      .map((l) => l.trim()),
    [
      "PROJECT",
      "cmd/main.ts",
      // init wrote the Issuer and the kustomization, which lists the webhooks' certificate now.
      "config/certmanager/certificate-webhook.yaml",
      "config/certmanager/kustomization.yaml",
      "config/default/kustomization.yaml",
      "config/default/manager_webhook_patch.yaml",
      "config/webhook/kustomization.yaml",
      "config/webhook/service.yaml",
      "internal/webhook/v1/guestbook-webhook.test.ts",
      "internal/webhook/v1/guestbook-webhook.ts",
      "kube-codegen.config.json",
    ],
  );

  const webhook = read(dir, "internal/webhook/v1/guestbook-webhook.ts");
  assert.ok(
    webhook.includes(
      "\n// +kubebuilder:webhook:path=/mutate-webapp-my-domain-v1-guestbook,mutating=true,failurePolicy=fail,sideEffects=None,groups=webapp.my.domain,resources=guestbooks,verbs=create;update,versions=v1,name=mguestbook-v1.kb.io,admissionReviewVersions=v1\n",
    ),
  );
  assert.ok(
    webhook.includes(
      "\n// +kubebuilder:webhook:path=/validate-webapp-my-domain-v1-guestbook,mutating=false,failurePolicy=fail,sideEffects=None,groups=webapp.my.domain,resources=guestbooks,verbs=create;update,versions=v1,name=vguestbook-v1.kb.io,admissionReviewVersions=v1\n",
    ),
  );
  assert.match(
    webhook,
    /^export class GuestbookDefaulter implements CustomDefaulter<Guestbook> \{\n {2}default\(obj: Guestbook\): void \{$/m,
  );
  assert.match(webhook, /^export class GuestbookValidator implements CustomValidator<Guestbook> \{$/m);
  for (const m of [
    "validateCreate(obj: Guestbook)",
    "validateUpdate(oldObj: Guestbook, newObj: Guestbook)",
    "validateDelete(obj: Guestbook)",
  ])
    assert.ok(webhook.includes(`  ${m}: Warnings {`), m);
  assert.ok(
    webhook.includes(
      "export function setupGuestbookWebhookV1(mgr: Manager): void {\n  newWebhookManagedBy(mgr)\n    .for<Guestbook>(guestbookRegistration)\n    .withDefaulter(new GuestbookDefaulter())\n    .withValidator(new GuestbookValidator())\n    .complete();\n}\n",
    ),
  );

  const main = read(dir, "cmd/main.ts");
  assert.match(
    main,
    /^import \{ setupGuestbookController \} from "\.\.\/internal\/controller\/guestbook-controller\.js";\nimport \{ setupGuestbookWebhookV1 \} from "\.\.\/internal\/webhook\/v1\/guestbook-webhook\.js";\n\/\/ \+kubebuilder:scaffold:imports$/m,
  );
  assert.match(
    main,
    /^setupGuestbookController\(mgr\);\nif \(process\.env\["ENABLE_WEBHOOKS"\] !== "false"\) setupGuestbookWebhookV1\(mgr\);\n\/\/ \+kubebuilder:scaffold:builder$/m,
  );
  assert.deepEqual((JSON.parse(read(dir, "kube-codegen.config.json")) as { controllers: unknown }).controllers, [
    "internal/controller",
    "internal/webhook",
  ]);
  const resources = (parse(read(dir, "PROJECT")) as { resources: { kind: string; webhooks?: unknown }[] }).resources;
  assert.deepEqual(resources[0]?.webhooks, { defaulting: true, validation: true, webhookVersion: "v1" });
  assert.equal(
    read(dir, "config/webhook/kustomization.yaml")
      .split("\n")
      .filter((l) => l.startsWith("- "))
      .join(","),
    "- manifests.yaml,- service.yaml",
  );
  const service = parse(read(dir, "config/webhook/service.yaml")) as {
    metadata: { name: string };
    spec: { ports: { targetPort: number }[] };
  };
  assert.equal(service.metadata.name, "webhook-service");
  assert.equal(service.spec.ports[0]?.targetPort, 9443, "the runtime's WebhookServer port");

  const g = await run(dir, "generate");
  assert.equal(g.code, 0, g.stdout + g.stderr);
  const manifests = read(dir, "config/webhook/manifests.yaml");
  const body = manifests.slice(manifests.indexOf("---\n"));
  assert.ok(
    manifests.startsWith(`# Copyright ${String(new Date().getFullYear())} The guestbook-operator Authors.\n`),
    "the project's header",
  );
  assert.equal(
    body,
    webhookConfig("Mutating", "mguestbook-v1.kb.io", "/mutate-webapp-my-domain-v1-guestbook") +
      webhookConfig("Validating", "vguestbook-v1.kb.io", "/validate-webapp-my-domain-v1-guestbook"),
  );

  const files = [
    "cmd/main.ts",
    "internal/controller/guestbook-controller.ts",
    "internal/webhook/v1/guestbook-webhook.ts",
    "internal/webhook/v1/guestbook-webhook.test.ts",
  ];
  assert.deepEqual(typeCheck(dir, files), []);
  const t = runScaffoldedTests(dir, ["internal/webhook/v1/guestbook-webhook.test.ts"]);
  assert.equal(t.status, 0, t.output);
  assert.match(t.output, /^# pass 2$/m);
});

test("create webhook --conversion --spoke: the hub is the storage version, the spoke converts through it, the CRD patch turns the webhook on; it generates, type-checks and round-trips", async () => {
  const dir = project();
  await ok(dir, "init", "--domain", "my.domain");
  await ok(dir, "create", "api", "--group", "webapp", "--version", "v1", "--kind", "Guestbook", "--controller");
  await ok(dir, "create", "api", "--group", "webapp", "--version", "v2", "--kind", "Guestbook");
  await ok(
    dir,
    "create",
    "webhook",
    "--group",
    "webapp",
    "--version",
    "v1",
    "--kind",
    "Guestbook",
    "--defaulting",
    "--conversion",
    "--spoke",
    "v2",
  );

  assert.match(
    read(dir, "api/webapp/v1/guestbook_types.ts"),
    /^\/\/ \+kubebuilder:object:root=true\n\/\/ \+kubebuilder:storageversion\n\/\/ \+kubebuilder:subresource:status$/m,
  );
  assert.doesNotMatch(read(dir, "api/webapp/v2/guestbook_types.ts"), /storageversion/);
  assert.match(read(dir, "api/webapp/v2/doc.ts"), /^\/\/ \+groupName=webapp\.my\.domain\n\/\/ \+k8s:conversion-gen=v1$/m);
  assert.doesNotMatch(read(dir, "api/webapp/v1/doc.ts"), /conversion-gen/);
  const webhook = read(dir, "internal/webhook/v1/guestbook-webhook.ts");
  assert.ok(webhook.includes('import { guestbookConversion } from "../../../api/webapp/v1/zz_generated.conversion.js";'));
  assert.ok(webhook.includes("    .withDefaulter(new GuestbookDefaulter())\n    .withConversion(guestbookConversion)\n    .complete();"));
  assert.doesNotMatch(webhook, /validate-/);
  const patch = parse(read(dir, "config/crd/patches/webhook_in_guestbooks.yaml")) as {
    metadata: { name: string };
    spec: { conversion: { strategy: string; webhook: { clientConfig: { service: { name: string; path: string } } } } };
  };
  assert.equal(patch.metadata.name, "guestbooks.webapp.my.domain");
  assert.equal(patch.spec.conversion.strategy, "Webhook");
  assert.deepEqual(patch.spec.conversion.webhook.clientConfig.service, { namespace: "system", name: "webhook-service", path: "/convert" });
  assert.equal(
    read(dir, "config/crd/kustomization.yaml"),
    "# The CRDs kube-codegen generates into bases/; create api adds each one.\nresources:\n- bases/webapp.my.domain_guestbooks.yaml\n#+kubebuilder:scaffold:crdkustomizeresource\npatches:\n- path: patches/webhook_in_guestbooks.yaml\n#+kubebuilder:scaffold:crdkustomizewebhookpatch\nconfigurations:\n- kustomizeconfig.yaml\n",
  );
  assert.ok(existsSync(join(dir, "config/crd/kustomizeconfig.yaml")));
  const resources = (parse(read(dir, "PROJECT")) as { resources: { version: string; webhooks?: unknown }[] }).resources;
  assert.deepEqual(
    resources.map((r) => [r.version, r.webhooks]),
    [
      ["v1", { defaulting: true, conversion: true, spoke: ["v2"], webhookVersion: "v1" }],
      ["v2", undefined],
    ],
  );

  const g = await run(dir, "generate");
  assert.equal(g.code, 0, g.stdout + g.stderr);
  const crd = parse(read(dir, "config/crd/bases/webapp.my.domain_guestbooks.yaml")) as {
    spec: { versions: { name: string; storage: boolean }[] };
  };
  assert.deepEqual(
    crd.spec.versions.map((v) => [v.name, v.storage]),
    [
      ["v1", true],
      ["v2", false],
    ],
  );
  assert.match(read(dir, "api/webapp/v1/zz_generated.conversion.ts"), /export const guestbookConversion\b/);
  assert.deepEqual(
    typeCheck(dir, ["cmd/main.ts", "internal/webhook/v1/guestbook-webhook.ts", "internal/webhook/v1/guestbook-webhook.test.ts"]),
    [],
  );
  const t = runScaffoldedTests(dir, ["internal/webhook/v1/guestbook-webhook.test.ts"]);
  assert.equal(t.status, 0, t.output);
  assert.match(t.output, /^# pass 2$/m);
});

/** A project with Guestbook in webapp v1 (with its controller) and v2, as the cert-manager tests start. */
async function guestbookV1AndV2(): Promise<string> {
  const dir = project();
  await ok(dir, "init", "--domain", "my.domain");
  await ok(dir, "create", "api", "--group", "webapp", "--version", "v1", "--kind", "Guestbook", "--controller");
  await ok(dir, "create", "api", "--group", "webapp", "--version", "v2", "--kind", "Guestbook", "--controller=false");
  return dir;
}

const kustomizeDefault = (dir: string) => kustomize(dir, "default");

test(
  "after create webhook, kubectl kustomize config/default deploys the webhooks with cert-manager's certificate: its DNS names, its Secret mounted in the manager, its CA injected into the webhook configurations and the converting CRD",
  { skip: kustomizeSkip("default") },
  async () => {
    const dir = await guestbookV1AndV2();
    const webhook = ["create", "webhook", "--group", "webapp", "--version", "v1", "--kind", "Guestbook"];
    await ok(dir, ...webhook, "--defaulting", "--programmatic-validation", "--conversion", "--spoke", "v2");
    await ok(dir, "generate");
    const objects = kustomizeDefault(dir);
    const prefix = "guestbook-operator-";
    const ns = "guestbook-operator-system";
    type Obj = { metadata: { namespace?: string; annotations?: Record<string, string> }; spec: Record<string, unknown> };
    const get = (key: string): Obj => {
      const o = objects.get(key);
      assert.ok(o, `${key} in ${[...objects.keys()].join(", ")}`);
      return o as unknown as Obj;
    };
    const cert = get(`Certificate/${prefix}serving-cert`);
    assert.equal(cert.metadata.namespace, ns);
    assert.deepEqual(cert.spec["dnsNames"], [`${prefix}webhook-service.${ns}.svc`, `${prefix}webhook-service.${ns}.svc.cluster.local`]);
    assert.deepEqual(cert.spec["issuerRef"], { kind: "Issuer", name: `${prefix}selfsigned-issuer` });
    assert.equal(cert.spec["secretName"], "webhook-server-cert");
    get(`Issuer/${prefix}selfsigned-issuer`);
    const injected = `${ns}/${prefix}serving-cert`;
    for (const kind of ["MutatingWebhookConfiguration", "ValidatingWebhookConfiguration"]) {
      const config = get(`${kind}/${prefix}${kind === "MutatingWebhookConfiguration" ? "mutating" : "validating"}-webhook-configuration`);
      assert.equal(config.metadata.annotations?.["cert-manager.io/inject-ca-from"], injected, kind);
      const hooks = (config as unknown as { webhooks: { clientConfig: { service: { name: string; namespace: string } } }[] }).webhooks;
      assert.deepEqual(hooks[0]?.clientConfig.service, {
        ...hooks[0]?.clientConfig.service,
        name: `${prefix}webhook-service`,
        namespace: ns,
      });
    }
    const crd = get("CustomResourceDefinition/guestbooks.webapp.my.domain");
    assert.equal(crd.metadata.annotations?.["cert-manager.io/inject-ca-from"], injected);
    const conversion = crd.spec["conversion"] as { strategy: string; webhook: { clientConfig: { service: Record<string, unknown> } } };
    assert.equal(conversion.strategy, "Webhook");
    assert.deepEqual(conversion.webhook.clientConfig.service, { name: `${prefix}webhook-service`, namespace: ns, path: "/convert" });
    const deployment = get(`Deployment/${prefix}controller-manager`) as unknown as {
      spec: { template: { spec: { containers: Record<string, unknown>[]; volumes: unknown[] } } };
    };
    const pod = deployment.spec.template.spec;
    assert.deepEqual(pod.volumes, [{ name: "webhook-certs", secret: { secretName: "webhook-server-cert" } }]);
    assert.deepEqual(pod.containers[0]?.["volumeMounts"], [
      { mountPath: "/tmp/k8s-webhook-server/serving-certs", name: "webhook-certs", readOnly: true },
    ]);
    assert.deepEqual(pod.containers[0]?.["ports"], [{ containerPort: 9443, name: "webhook-server", protocol: "TCP" }]);
    get(`Service/${prefix}webhook-service`);

    // A second webhook of the project adds nothing twice.
    const before = read(dir, "config/default/kustomization.yaml");
    await ok(dir, "create", "api", "--group", "webapp", "--version", "v1", "--kind", "Notebook", "--controller=false");
    await ok(dir, "create", "webhook", "--group", "webapp", "--version", "v1", "--kind", "Notebook", "--programmatic-validation");
    assert.equal(read(dir, "config/default/kustomization.yaml"), before);
  },
);

test(
  "a project whose first webhook only converts deploys with kubectl kustomize config/default, and its first validating webhook adds the generated manifests",
  { skip: kustomizeSkip("default") },
  async () => {
    const dir = await guestbookV1AndV2();
    await ok(dir, "create", "webhook", "--group", "webapp", "--version", "v1", "--kind", "Guestbook", "--conversion", "--spoke", "v2");
    await ok(dir, "generate");
    assert.equal(existsSync(join(dir, "config/webhook/manifests.yaml")), false, "no admission webhook, no configurations");
    const converting = kustomizeDefault(dir);
    assert.ok(converting.has("Certificate/guestbook-operator-serving-cert"));
    assert.ok(![...converting.keys()].some((k) => k.includes("WebhookConfiguration")));
    await ok(dir, "create", "api", "--group", "webapp", "--version", "v1", "--kind", "Notebook", "--controller=false");
    await ok(dir, "create", "webhook", "--group", "webapp", "--version", "v1", "--kind", "Notebook", "--programmatic-validation");
    await ok(dir, "generate");
    const validating = kustomizeDefault(dir).get("ValidatingWebhookConfiguration/guestbook-operator-validating-webhook-configuration") as
      { metadata: { annotations?: Record<string, string> } } | undefined;
    assert.equal(
      validating?.metadata.annotations?.["cert-manager.io/inject-ca-from"],
      "guestbook-operator-system/guestbook-operator-serving-cert",
    );
  },
);

test("create webhook refuses, with exit code 2 and nothing written: no webhook asked for, a kind without an API, a webhook already there", async () => {
  const dir = project();
  await ok(dir, "init", "--domain", "my.domain");
  await ok(dir, "create", "api", "--group", "webapp", "--version", "v1", "--kind", "Guestbook");
  const before = snapshot(dir);
  const refused = async (argv: string[], code: string, message: string) => {
    const r = await run(dir, "create", "webhook", ...argv);
    assert.equal(r.code, 2, argv.join(" "));
    assert.ok((r.stdout + r.stderr).includes(`<command line>:1:1 - error ${code}: ${message}`), r.stdout + r.stderr);
    assert.match(r.stderr, /kube-codegen create webhook: nothing written/);
    assert.deepEqual(snapshot(dir), before, argv.join(" "));
  };
  const gvk = ["--group", "webapp", "--version", "v1", "--kind", "Guestbook"];
  await refused(
    gvk,
    Code.scaffoldNoWebhook,
    "create webhook requires at least one of --defaulting, --programmatic-validation and --conversion",
  );
  await refused([...gvk, "--conversion"], Code.scaffoldNoWebhook, "--conversion needs --spoke");
  await refused(
    ["--group", "webapp", "--version", "v1", "--kind", "Frigate", "--defaulting"],
    Code.scaffoldNoApi,
    "no API found for webapp.my.domain/v1, Kind Frigate: the PROJECT file does not list it",
  );
  await refused([...gvk, "--conversion", "--spoke", "v2"], Code.scaffoldNoApi, "no API found for webapp.my.domain/v2, Kind Guestbook");
  await refused(
    ["--group", "webapp", "--version", "v1", "--kind", "guestbook", "--defaulting"],
    Code.scaffoldBadName,
    '--kind "guestbook" must be an UpperCamelCase name',
  );

  // A flag of the other subcommand is a usage error.
  const u = await run(dir, "create", "webhook", ...gvk, "--defaulting", "--controller");
  assert.equal(u.code, 2);
  assert.match(u.stderr, /create webhook takes no --controller/);

  await ok(dir, "create", "webhook", ...gvk, "--defaulting");
  const after = snapshot(dir);
  const again = await run(dir, "create", "webhook", ...gvk, "--defaulting");
  assert.equal(again.code, 2);
  assert.ok(
    (again.stdout + again.stderr).includes(
      `error ${Code.scaffoldWebhookExists}: defaulting webhook already exists for webapp.my.domain/v1, Kind Guestbook`,
    ),
  );
  const other = await run(dir, "create", "webhook", ...gvk, "--programmatic-validation");
  assert.equal(other.code, 2);
  assert.ok(
    (other.stdout + other.stderr).includes(
      `error ${Code.scaffoldWebhookExists}: webapp.my.domain/v1, Kind Guestbook already has webhooks, in their file`,
    ),
  );
  assert.deepEqual(snapshot(dir), after);

  const empty = project();
  const r = await run(empty, "create", "webhook", ...gvk, "--defaulting");
  assert.equal(r.code, 2);
  assert.ok((r.stdout + r.stderr).includes(`error ${Code.scaffoldNoProject}: there is no PROJECT file here`));
  assert.deepEqual([...snapshot(empty).keys()], []);
});
