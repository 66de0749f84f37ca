// kube-codegen init and create api through the CLI, in temporary directories: the layout they
// write, that what they write generates and type-checks (a namespaced kind with a controller, a
// cluster-scoped one beside it in the same group), that they never replace a file and name every
// file in the way, that names are checked before they reach a file, and that create api adds its
// lines at the scaffold markers. The whole workflow with installed tarballs, npm test included, is
// the walk-through (test/docs/readme-walkthrough.test.ts).
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { main } from "../../src/cli/main.js";
import { Code } from "../../src/diagnostics/index.js";
import { Console } from "../../src/cli/console.js";
import { snapshot, tempDir } from "../helpers/fs.js";
import { strictTypeCheck } from "../helpers/type-check.js";
import { kustomize, kustomizeSkip } from "./kustomize.js";

async function run(dir: string, ...argv: string[]) {
  const out = Console.memory();
  const code = await main(argv, out, dir);
  return { code, stdout: out.stdout.join("\n"), stderr: out.stderr.join("\n") };
}

function project(name = "guestbook-operator"): string {
  const dir = join(tempDir(), name);
  mkdirSync(dir);
  return dir;
}

const read = (dir: string, path: string) => readFileSync(join(dir, path), "utf8");

test("init writes kubebuilder's layout for TypeScript, named after the directory, with the domain in PROJECT", async () => {
  const dir = project();
  const r = await run(dir, "init", "--domain", "my.domain", "--owner", "Example Corp");
  assert.equal(r.code, 0, r.stderr);
  for (const f of [
    "PROJECT",
    "package.json",
    "tsconfig.json",
    "kube-codegen.config.json",
    "hack/boilerplate.ts.txt",
    "hack/update-codegen.sh",
    "hack/verify-codegen.sh",
    "hack/run-tests.mjs",
    "cmd/main.ts",
    "config/default/kustomization.yaml",
    "config/crd/kustomization.yaml",
    "config/manager/manager.yaml",
    "config/rbac/role_binding.yaml",
    "config/rbac/service_account.yaml",
  ])
    assert.ok(existsSync(join(dir, f)), `${f} written`);
  const pkg = JSON.parse(read(dir, "package.json")) as {
    name: string;
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  assert.equal(pkg.name, "guestbook-operator");
  assert.deepEqual(
    Object.keys(pkg.dependencies),
    ["@kube-codegen/runtime", "prom-client"],
    "only the runtime (and prom-client, which its metrics load) ships with the controller",
  );
  assert.ok(
    pkg.devDependencies["kube-codegen"] && pkg.devDependencies["@kube-codegen/testing"],
    "the generator and the server are dev dependencies",
  );
  const own = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    version: string;
    dependencies: Record<string, string>;
  };
  assert.equal(pkg.devDependencies["kube-codegen"], `^${own.version}`);
  assert.equal(pkg.devDependencies["typescript"], own.dependencies["typescript"], "the TypeScript this release is built with");
  assert.match(read(dir, "hack/boilerplate.ts.txt"), new RegExp(`^Copyright ${String(new Date().getFullYear())} Example Corp\\.$`, "m"));
  const p = parse(read(dir, "PROJECT")) as { domain: string; projectName: string; layout: string[] };
  assert.equal(p.domain, "my.domain");
  assert.equal(p.projectName, "guestbook-operator");
  assert.match(read(dir, "cmd/main.ts"), /\/\/ \+kubebuilder:scaffold:builder/);
  assert.match(read(dir, "config/default/kustomization.yaml"), /^namespace: guestbook-operator-system$/m);
});

test("create api writes the API package, the controller and its test, and wires the controller into cmd/main.ts; the result generates and type-checks", async () => {
  const dir = project();
  assert.equal((await run(dir, "init", "--domain", "my.domain")).code, 0);
  const a = await run(dir, "create", "api", "--group", "webapp", "--version", "v1", "--kind", "Guestbook", "--controller");
  assert.equal(a.code, 0, a.stderr);
  const c = await run(dir, "create", "api", "--group", "webapp", "--version", "v1", "--kind", "ClusterPolicy", "--namespaced=false");
  assert.equal(c.code, 0, c.stderr);
  assert.doesNotMatch(c.stdout, /doc\.ts/, "a second kind of the group and version shares its doc.ts");
  assert.ok(!existsSync(join(dir, "internal/controller/clusterpolicy-controller.ts")), "no controller unless asked");

  const types = read(dir, "api/webapp/v1/clusterpolicy_types.ts");
  assert.match(types, /^\/\/ \+genclient:nonNamespaced$/m);
  assert.match(types, /^\/\/ \+kubebuilder:resource:scope=Cluster$/m);
  const controller = read(dir, "internal/controller/guestbook-controller.ts");
  assert.match(
    controller,
    /^\/\/ \+kubebuilder:rbac:groups=webapp\.my\.domain,resources=guestbooks,verbs=get;list;watch;create;update;patch;delete$/m,
  );
  assert.match(controller, /^\/\/ \+kubebuilder:rbac:groups=webapp\.my\.domain,resources=guestbooks\/status,verbs=get;update;patch$/m);
  const main = read(dir, "cmd/main.ts");
  assert.match(
    main,
    /^import \{ setupGuestbookController \} from "\.\.\/internal\/controller\/guestbook-controller\.js";\n\/\/ \+kubebuilder:scaffold:imports$/m,
  );
  assert.match(main, /^setupGuestbookController\(mgr\);\n\/\/ \+kubebuilder:scaffold:builder$/m);
  assert.equal(
    read(dir, "config/crd/kustomization.yaml")
      .split("\n")
      .filter((l) => l.startsWith("- "))
      .join("\n"),
    "- bases/webapp.my.domain_guestbooks.yaml\n- bases/webapp.my.domain_clusterpolicies.yaml",
  );
  const resources = (parse(read(dir, "PROJECT")) as { resources: { kind: string; api: { namespaced: boolean }; controller?: boolean }[] })
    .resources;
  assert.deepEqual(
    resources.map((r) => [r.kind, r.api.namespaced, r.controller ?? false]),
    [
      ["Guestbook", true, true],
      ["ClusterPolicy", false, false],
    ],
  );

  const g = await run(dir, "generate");
  assert.equal(g.code, 0, g.stdout + g.stderr);
  for (const crd of ["webapp.my.domain_guestbooks.yaml", "webapp.my.domain_clusterpolicies.yaml"])
    assert.ok(existsSync(join(dir, "config/crd/bases", crd)), `${crd}: the name create api put in the kustomization`);
  const scope = (parse(read(dir, "config/crd/bases/webapp.my.domain_clusterpolicies.yaml")) as { spec: { scope: string } }).spec.scope;
  assert.equal(scope, "Cluster");
  // role.yaml, which config/rbac/kustomization.yaml lists, from the controller's RBAC markers.
  const role = parse(read(dir, "config/rbac/role.yaml")) as { kind: string; rules: { resources: string[] }[] };
  assert.equal(role.kind, "ClusterRole");
  assert.deepEqual(
    role.rules.map((r) => r.resources.join(",")),
    ["guestbooks", "guestbooks/finalizers", "guestbooks/status"],
  );

  // The project's own code, the generated code and the controller's test, as a consumer's strict
  // tsc sees them (the test server's package resolved to its sources).
  const files = [
    "cmd/main.ts",
    "internal/controller/guestbook-controller.ts",
    "internal/controller/guestbook-controller.test.ts",
    "api/webapp/v1/clusterpolicy_types.ts",
    "generated/clientset/index.ts",
    "generated/informers/index.ts",
  ].map((f) => join(dir, f));
  const repo = new URL("../..", import.meta.url).pathname;
  const errors = strictTypeCheck(files, {
    types: ["node"],
    typeRoots: [join(repo, "node_modules/@types")],
    paths: {
      "@kube-codegen/runtime": [join(repo, "runtime/src/index.ts")],
      "@kube-codegen/testing": [join(repo, "testing/src/index.ts")],
    },
  });
  assert.deepEqual(errors, []);
});

test("a project with no controller yet generates: init names no controller folder, create api --controller adds it", async () => {
  const dir = project();
  assert.equal((await run(dir, "init", "--domain", "my.domain")).code, 0);
  const a = await run(dir, "create", "api", "--group", "webapp", "--version", "v1", "--kind", "Guestbook");
  assert.equal(a.code, 0, a.stderr);
  const config = (): Record<string, unknown> => JSON.parse(read(dir, "kube-codegen.config.json")) as Record<string, unknown>;
  assert.equal(config()["controllers"], undefined, "no controllers folder named while there is none");
  const g = await run(dir, "generate");
  assert.equal(g.code, 0, g.stdout + g.stderr);
  assert.ok(existsSync(join(dir, "config/crd/bases/webapp.my.domain_guestbooks.yaml")));
  const c = await run(dir, "create", "api", "--group", "webapp", "--version", "v1", "--kind", "Bookshelf", "--controller");
  assert.equal(c.code, 0, c.stderr);
  assert.equal(config()["controllers"], "internal/controller");
  const again = await run(dir, "generate");
  assert.equal(again.code, 0, again.stdout + again.stderr);
  assert.match(read(dir, "config/rbac/role.yaml"), /bookshelves/);
});

test("init and create api never replace a file: each file in the way is named, and nothing is written", async () => {
  const dir = project();
  writeFileSync(join(dir, "package.json"), "{}\n");
  mkdirSync(join(dir, "cmd"));
  writeFileSync(join(dir, "cmd/main.ts"), "// mine\n");
  const before = snapshot(dir);
  const r = await run(dir, "init", "--domain", "my.domain");
  assert.equal(r.code, 2);
  const inTheWay = (path: string) =>
    `${path}:1:1 - error ${Code.scaffoldWouldOverwrite}: ${path} already exists; kube-codegen never replaces a file`;
  assert.ok((r.stdout + r.stderr).includes(inTheWay("cmd/main.ts")), r.stdout + r.stderr);
  assert.ok((r.stdout + r.stderr).includes(inTheWay("package.json")));
  assert.match(r.stderr, /kube-codegen init: nothing written/);
  assert.deepEqual(snapshot(dir), before);

  const fresh = project();
  assert.equal((await run(fresh, "init", "--domain", "my.domain")).code, 0);
  mkdirSync(join(fresh, "internal/controller"), { recursive: true });
  writeFileSync(join(fresh, "internal/controller/guestbook-controller.ts"), "// mine\n");
  const snap = snapshot(fresh);
  const c = await run(fresh, "create", "api", "--group", "webapp", "--version", "v1", "--kind", "Guestbook", "--controller");
  assert.equal(c.code, 2);
  assert.ok((c.stdout + c.stderr).includes(inTheWay("internal/controller/guestbook-controller.ts")));
  assert.deepEqual(snapshot(fresh), snap, "PROJECT and cmd/main.ts untouched too");

  // Without --controller, the controller's file is not in the way.
  assert.equal((await run(fresh, "create", "api", "--group", "webapp", "--version", "v1", "--kind", "Guestbook")).code, 0);
  const again = await run(fresh, "create", "api", "--group", "webapp", "--version", "v1", "--kind", "Guestbook");
  assert.equal(again.code, 2);
  assert.ok((again.stdout + again.stderr).includes(`${Code.scaffoldKindExists}: the project already has Guestbook in webapp/v1`));
});

test("names are checked before they reach a file: quotes, newlines, comment ends and bad forms are refused with nothing written", async () => {
  const dir = project();
  const cases: [string[], RegExp][] = [
    [["init", "--domain", 'my.domain"; process.exit(1); "'], /--domain .* must be a DNS subdomain/],
    [["init", "--domain", "nodots"], /--domain "nodots" must be a DNS subdomain with at least one dot/],
    [
      ["init", "--domain", "my.domain", "--owner", "Evil */ import x from 'y'; /*"],
      /--owner .* must be one line of printable text without '\*\/'/,
    ],
    [["init", "--domain", "my.domain", "--owner", "line\nbreak"], /--owner .* must be one line/],
    [["init", "--domain", "my.domain", "--project-name", "Bad Name"], /--project-name .* must be a DNS label/],
  ];
  for (const [argv, message] of cases) {
    const r = await run(dir, ...argv);
    assert.equal(r.code, 2, argv.join(" "));
    assert.ok((r.stdout + r.stderr).includes(`error ${Code.scaffoldBadName}:`));
    assert.match(r.stdout + r.stderr, message);
  }
  assert.deepEqual([...snapshot(dir).keys()], [], "nothing written");

  assert.equal((await run(dir, "init", "--domain", "my.domain")).code, 0);
  const before = snapshot(dir);
  for (const [flag, value, message] of [
    ["--group", "Web_App", /--group "Web_App" must be a DNS label/],
    ["--version", "1.0", /--version "1.0" must be a Kubernetes API version/],
    ["--kind", "guestbook", /--kind "guestbook" must be an UpperCamelCase name/],
    ["--kind", "Guest`${x}`", /--kind .* must be an UpperCamelCase name/],
  ] as const) {
    const argv = { "--group": "webapp", "--version": "v1", "--kind": "Guestbook", [flag]: value };
    const r = await run(dir, "create", "api", ...Object.entries(argv).flat(), "--controller");
    assert.equal(r.code, 2);
    assert.match(r.stdout + r.stderr, message);
  }
  assert.deepEqual(snapshot(dir), before);
});

test("create api outside a project, or with a scaffold marker removed", async () => {
  const empty = project();
  const r = await run(empty, "create", "api", "--group", "webapp", "--version", "v1", "--kind", "Guestbook");
  assert.equal(r.code, 2);
  assert.ok((r.stdout + r.stderr).includes(`error ${Code.scaffoldNoProject}: there is no PROJECT file here`));
  assert.deepEqual([...snapshot(empty).keys()], []);

  const dir = project();
  assert.equal((await run(dir, "init", "--domain", "my.domain")).code, 0);
  writeFileSync(join(dir, "cmd/main.ts"), read(dir, "cmd/main.ts").replace("// +kubebuilder:scaffold:builder\n", ""));
  const c = await run(dir, "create", "api", "--group", "webapp", "--version", "v1", "--kind", "Guestbook", "--controller");
  assert.equal(c.code, 0, "the new files are still written");
  assert.match(
    c.stdout + c.stderr,
    new RegExp(`warning ${Code.scaffoldMarkerMissing}: cmd/main\\.ts lacks .* add import \\{ setupGuestbookController \\}`),
  );
  assert.ok(existsSync(join(dir, "internal/controller/guestbook-controller.ts")));
  assert.doesNotMatch(read(dir, "cmd/main.ts"), /setupGuestbookController/);
});

test(
  "init's config/default serves the metrics as kubebuilder's does: HTTPS on 8443 behind authentication and authorization, with the roles it needs",
  { skip: kustomizeSkip("default") },
  async () => {
    const dir = project();
    assert.equal((await run(dir, "init", "--domain", "my.domain")).code, 0);
    // config/default needs a CRD to render (config/crd lists none until create api).
    assert.equal((await run(dir, "create", "api", "--group", "webapp", "--version", "v1", "--kind", "Guestbook", "--controller")).code, 0);
    assert.equal((await run(dir, "generate")).code, 0);
    const objects = kustomize(dir, "default");
    const p = "guestbook-operator-";
    const service = objects.get(`Service/${p}controller-manager-metrics-service`) as { spec: { ports: unknown[]; selector: unknown } };
    assert.deepEqual(service.spec.ports, [{ name: "https", port: 8443, protocol: "TCP", targetPort: 8443 }]);
    assert.deepEqual(service.spec.selector, { "control-plane": "controller-manager" });
    const deployment = objects.get(`Deployment/${p}controller-manager`) as {
      spec: {
        template: { metadata: { labels: Record<string, string> }; spec: { containers: { env: { name: string; value?: string }[] }[] } };
      };
    };
    assert.deepEqual(
      deployment.spec.template.spec.containers[0]!.env.find((e) => e.name === "METRICS_BIND_ADDRESS"),
      { name: "METRICS_BIND_ADDRESS", value: ":8443" },
    );
    assert.equal(deployment.spec.template.metadata.labels["control-plane"], "controller-manager", "the Service selects the manager");
    const authRole = objects.get(`ClusterRole/${p}metrics-auth-role`) as { rules: { resources: string[]; verbs: string[] }[] };
    assert.deepEqual(
      authRole.rules.map((r) => [r.resources, r.verbs]),
      [
        [["tokenreviews"], ["create"]],
        [["subjectaccessreviews"], ["create"]],
      ],
    );
    const binding = objects.get(`ClusterRoleBinding/${p}metrics-auth-rolebinding`) as { subjects: unknown[]; roleRef: { name: string } };
    assert.deepEqual(binding.subjects, [
      { kind: "ServiceAccount", name: `${p}controller-manager`, namespace: "guestbook-operator-system" },
    ]);
    assert.equal(binding.roleRef.name, `${p}metrics-auth-role`);
    const reader = objects.get(`ClusterRole/${p}metrics-reader`) as { rules: unknown[] };
    assert.deepEqual(reader.rules, [{ nonResourceURLs: ["/metrics"], verbs: ["get"] }]);
    // The network policy and the ServiceMonitor are opt-in, and each renders on its own.
    assert.ok(![...objects.keys()].some((k) => k.startsWith("NetworkPolicy/") || k.startsWith("ServiceMonitor/")));
    const policy = kustomize(dir, "network-policy").get("NetworkPolicy/allow-metrics-traffic") as {
      spec: { podSelector: unknown; ingress: { ports: unknown[] }[] };
    };
    assert.deepEqual(policy.spec.podSelector, { matchLabels: { "control-plane": "controller-manager" } });
    assert.deepEqual(policy.spec.ingress[0]!.ports, [{ port: 8443, protocol: "TCP" }]);
    const monitor = kustomize(dir, "prometheus").get("ServiceMonitor/controller-manager-metrics-monitor") as {
      spec: { endpoints: { port: string; scheme: string }[] };
    };
    assert.deepEqual([monitor.spec.endpoints[0]!.port, monitor.spec.endpoints[0]!.scheme], ["https", "https"]);
    assert.match(read(dir, "cmd/main.ts"), /withAuthenticationAndAuthorization\(createTransport\(config\)\)/);
  },
);
