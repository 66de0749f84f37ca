// The files `kube-codegen init` writes: kubebuilder's project layout adapted to TypeScript. Each is
// a pure function of checked names (scaffold/names.ts). cmd/main.ts and config/crd/kustomization.yaml
// carry kubebuilder's `+kubebuilder:scaffold:` marker lines, where `create api` adds its lines.

/** What the templates of `init` are given. */
export interface InitValues {
  readonly domain: string;
  readonly projectName: string;
  /** The boilerplate's copyright holder. */
  readonly owner: string;
  /** The year on the boilerplate (passed in, so the templates stay pure). */
  readonly year: number;
  /** The versions the package.json names: ours, and the dev tools' ranges. */
  readonly versions: ScaffoldVersions;
}

/** The package versions a scaffolded package.json names. */
export interface ScaffoldVersions {
  /** kube-codegen's and its packages' own version (they are released together). */
  readonly kubeCodegen: string;
  readonly typescript: string;
  readonly tsx: string;
  readonly typesNode: string;
  /** prom-client, which the runtime's metrics load (an optional peer dependency of the runtime). */
  readonly promClient: string;
}

/** The scaffold marker in cmd/main.ts where create api adds an import. */
export const IMPORTS_MARKER = "// +kubebuilder:scaffold:imports";
/** The scaffold marker in cmd/main.ts where create api adds a controller's setup call. */
export const BUILDER_MARKER = "// +kubebuilder:scaffold:builder";
/** The scaffold marker in config/crd/kustomization.yaml where create api adds a CRD file. */
export const CRD_KUSTOMIZE_MARKER = "#+kubebuilder:scaffold:crdkustomizeresource";
/** The scaffold markers in config/default/kustomization.yaml where create webhook adds the webhooks and cert-manager. */
export const DEFAULT_RESOURCE_MARKER = "#+kubebuilder:scaffold:defaultkustomizeresource";
export const DEFAULT_PATCH_MARKER = "#+kubebuilder:scaffold:defaultkustomizepatch";
export const DEFAULT_REPLACEMENT_MARKER = "#+kubebuilder:scaffold:defaultkustomizereplacement";

function packageJson(v: InitValues): string {
  const pkg = {
    name: v.projectName,
    version: "0.0.1",
    private: true,
    type: "module",
    engines: { node: ">=20" },
    scripts: {
      codegen: "bash hack/update-codegen.sh",
      verify: "bash hack/verify-codegen.sh",
      typecheck: "tsc -p tsconfig.json --noEmit",
      // As kubebuilder's `make test` runs `manifests generate` first: the tests never run against
      // stale generated code, and a project passes its tests right after scaffolding.
      test: "bash hack/update-codegen.sh --quiet && node hack/run-tests.mjs",
      start: "node --import tsx cmd/main.ts",
    },
    dependencies: { "@kube-codegen/runtime": `^${v.versions.kubeCodegen}`, "prom-client": v.versions.promClient },
    devDependencies: {
      "@kube-codegen/testing": `^${v.versions.kubeCodegen}`,
      "@types/node": v.versions.typesNode,
      "kube-codegen": `^${v.versions.kubeCodegen}`,
      tsx: v.versions.tsx,
      typescript: v.versions.typescript,
    },
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

const TSCONFIG = `{
  "compilerOptions": {
    "target": "ES2022",
    "module": "NodeNext",
    "moduleResolution": "NodeNext",
    "strict": true,
    "exactOptionalPropertyTypes": true,
    "noUncheckedIndexedAccess": true,
    "skipLibCheck": true,
    "noEmit": true,
    "types": ["node"]
  },
  "include": ["api", "cmd", "internal", "generated"]
}
`;

const CONFIG = `{
  "$schema": "./node_modules/kube-codegen/config.schema.json",
  "input": "api",
  "output": "generated",
  "crdOutput": "config/crd/bases",
  "header": "hack/boilerplate.ts.txt"
}
`;

function boilerplate(v: InitValues): string {
  return `/*
Copyright ${String(v.year)} ${v.owner}.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
*/
`;
}

const UPDATE_CODEGEN = `#!/usr/bin/env bash
# Regenerates deep copies, registrations, clients, listers, informers, CRDs and the RBAC role from
# the API packages and the controllers' markers (kube-codegen.config.json says where).
set -euo pipefail
cd "$(dirname "\${BASH_SOURCE[0]}")/.."
npx kube-codegen generate "$@"
`;

const VERIFY_CODEGEN = `#!/usr/bin/env bash
# Fails (exit 1, with a diff) when a generated file is not what the sources give, then type-checks
# the project: run it in CI.
set -euo pipefail
cd "$(dirname "\${BASH_SOURCE[0]}")/.."
npx kube-codegen verify "$@"
npx tsc -p tsconfig.json --noEmit
`;

// Node 20's --test takes no globs and finds only .js files by itself (Node 22 would find .ts), so
// the test files are listed here.
const RUN_TESTS = `#!/usr/bin/env node
// Runs every *.test.ts file under api/, cmd/ and internal/ with Node's test runner through tsx.
import { readdirSync, statSync, existsSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";

const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (name.endsWith(".test.ts")) files.push(p);
  }
};
for (const dir of ["api", "cmd", "internal"]) if (existsSync(dir)) walk(dir);
if (files.length === 0) {
  console.log("no test files yet: kube-codegen create api --controller scaffolds one");
  process.exit(0);
}
const r = spawnSync(process.execPath, ["--import", "tsx", "--test", ...files], { stdio: "inherit" });
process.exit(r.status ?? 1);
`;

function mainTs(v: InitValues): string {
  return `// The manager: every controller of ${v.projectName} on one Manager, with its shared cache, health
// probes and, on request, leader election, as kubebuilder's cmd/main.go. \`kube-codegen create api
// --controller\` adds each controller's setup below its scaffold marker.
//
//   npm start                  # against the cluster $KUBECONFIG (else ~/.kube/config, else in-cluster) names
//
// LEADER_ELECT=true campaigns for a Lease in POD_NAMESPACE (default "default") before reconciling;
// HEALTH_PROBE_PORT serves /healthz and /readyz. METRICS_BIND_ADDRESS (":8443" in config/default;
// "0", the default, turns them off) serves the Prometheus metrics, over HTTPS for callers whose token
// may \`get\` /metrics (kubebuilder's metrics-reader role) unless METRICS_SECURE=false; the certificate
// is tls.crt and tls.key in METRICS_CERT_PATH when it is set, else a self-signed one.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import {
  BuiltinClientset,
  Manager,
  consoleLogger,
  createTransport,
  loadKubeConfig,
  ping,
  withAuthenticationAndAuthorization,
} from "@kube-codegen/runtime";
${IMPORTS_MARKER}

const config = loadKubeConfig();
const probePort = process.env["HEALTH_PROBE_PORT"];
const metricsAddress = process.env["METRICS_BIND_ADDRESS"] ?? "0";
const secureMetrics = process.env["METRICS_SECURE"] !== "false";
const metricsCertPath = process.env["METRICS_CERT_PATH"];
const mgr = new Manager({
  config,
  logger: consoleLogger,
  ...(process.env["LEADER_ELECT"] === "true"
    ? {
        leaderElection: {
          lock: {
            client: new BuiltinClientset(config).coordinationV1(),
            namespace: process.env["POD_NAMESPACE"] ?? "default",
            name: "${v.projectName}-leader",
          },
          identity: \`\${hostname()}_\${randomUUID()}\`,
        },
      }
    : {}),
  ...(probePort ? { healthProbe: { port: Number(probePort) } } : {}),
  ...(metricsAddress !== "0"
    ? {
        metrics: {
          bindAddress: metricsAddress,
          secureServing: secureMetrics,
          ...(metricsCertPath ? { certDir: metricsCertPath } : {}),
          ...(secureMetrics ? { filter: withAuthenticationAndAuthorization(createTransport(config)) } : {}),
        },
      }
    : {}),
});
mgr.addHealthzCheck("ping", ping);
mgr.addReadyzCheck("ping", ping);
${BUILDER_MARKER}

const stop = new AbortController();
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => stop.abort());
consoleLogger("starting manager", { server: config.server });
await mgr.start(stop.signal);
consoleLogger("manager stopped");
`;
}

function managerYaml(v: InitValues): string {
  return `apiVersion: v1
kind: Namespace
metadata:
  labels:
    control-plane: controller-manager
  name: system
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: controller-manager
  namespace: system
  labels:
    control-plane: controller-manager
spec:
  selector:
    matchLabels:
      control-plane: controller-manager
  replicas: 1
  template:
    metadata:
      labels:
        control-plane: controller-manager
    spec:
      securityContext:
        runAsNonRoot: true
      containers:
      - name: manager
        image: controller:latest
        command: ["npm", "start"]
        env:
        - name: LEADER_ELECT
          value: "true"
        - name: HEALTH_PROBE_PORT
          value: "8081"
        - name: POD_NAMESPACE
          valueFrom:
            fieldRef:
              fieldPath: metadata.namespace
        securityContext:
          allowPrivilegeEscalation: false
          capabilities:
            drop: ["ALL"]
        livenessProbe:
          httpGet:
            path: /healthz
            port: 8081
          initialDelaySeconds: 15
          periodSeconds: 20
        readinessProbe:
          httpGet:
            path: /readyz
            port: 8081
          initialDelaySeconds: 5
          periodSeconds: 10
        resources:
          limits:
            cpu: 500m
            memory: 256Mi
          requests:
            cpu: 10m
            memory: 128Mi
        # Empty, so that config/default's patches can append the certificates' mounts and volumes.
        volumeMounts: []
      volumes: []
      serviceAccountName: controller-manager
      terminationGracePeriodSeconds: 10
# ${v.projectName}'s manager; config/default names everything ${v.projectName}-* in ${v.projectName}-system.
`;
}

const RBAC_FILES: Record<string, string> = {
  "config/rbac/service_account.yaml": `apiVersion: v1
kind: ServiceAccount
metadata:
  name: controller-manager
  namespace: system
`,
  "config/rbac/role_binding.yaml": `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: manager-rolebinding
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: manager-role
subjects:
- kind: ServiceAccount
  name: controller-manager
  namespace: system
`,
  "config/rbac/leader_election_role.yaml": `# What leader election needs: the Lease it campaigns for, and Events about it.
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: leader-election-role
rules:
- apiGroups:
  - coordination.k8s.io
  resources:
  - leases
  verbs:
  - get
  - list
  - watch
  - create
  - update
  - patch
  - delete
- apiGroups:
  - ""
  resources:
  - events
  verbs:
  - create
  - patch
`,
  "config/rbac/leader_election_role_binding.yaml": `apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: leader-election-rolebinding
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: Role
  name: leader-election-role
subjects:
- kind: ServiceAccount
  name: controller-manager
  namespace: system
`,
  "config/rbac/kustomization.yaml": `resources:
# role.yaml is generated from the controllers' +kubebuilder:rbac markers by npm run codegen.
- role.yaml
- role_binding.yaml
- service_account.yaml
- leader_election_role.yaml
- leader_election_role_binding.yaml
# The metrics endpoint's authentication and authorization (cmd/main.ts): the manager may review
# tokens and access, and metrics-reader is what a scraper's ServiceAccount must be bound to.
- metrics_auth_role.yaml
- metrics_auth_role_binding.yaml
- metrics_reader_role.yaml
`,
  "config/rbac/metrics_auth_role.yaml": `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: metrics-auth-role
rules:
- apiGroups:
  - authentication.k8s.io
  resources:
  - tokenreviews
  verbs:
  - create
- apiGroups:
  - authorization.k8s.io
  resources:
  - subjectaccessreviews
  verbs:
  - create
`,
  "config/rbac/metrics_auth_role_binding.yaml": `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: metrics-auth-rolebinding
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: metrics-auth-role
subjects:
- kind: ServiceAccount
  name: controller-manager
  namespace: system
`,
  "config/rbac/metrics_reader_role.yaml": `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: metrics-reader
rules:
- nonResourceURLs:
  - "/metrics"
  verbs:
  - get
`,
  "config/manager/kustomization.yaml": `resources:
- manager.yaml
`,
};

// The metrics Service's name or namespace (`field`, at `index` of the names split on dots) into the
// metrics-certs Certificate's DNS names and the ServiceMonitor's serverName: commented out, as
// kubebuilder's [METRICS-WITH-CERTS] replacements.
function metricsCertReplacement(field: "name" | "namespace", index: number): string {
  return `#- source:
#    kind: Service
#    version: v1
#    name: controller-manager-metrics-service
#    fieldPath: .metadata.${field}
#  targets:
#  - select:
#      kind: Certificate
#      group: cert-manager.io
#      version: v1
#      name: metrics-certs
#    fieldPaths:
#    - .spec.dnsNames.0
#    - .spec.dnsNames.1
#    options:
#      delimiter: '.'
#      index: ${String(index)}
#      create: true
#  - select:
#      kind: ServiceMonitor
#      group: monitoring.coreos.com
#      version: v1
#      name: controller-manager-metrics-monitor
#    fieldPaths:
#    - .spec.endpoints.0.tlsConfig.serverName
#    options:
#      delimiter: '.'
#      index: ${String(index)}
#      create: true
`;
}

// Each commented-out section starts with its [TAG] and ends at a blank line: to turn one on,
// remove the leading # of its YAML lines.
function defaultKustomization(v: InitValues): string {
  return `# kubectl apply -k config/default installs the CRDs, the RBAC and the manager; once create webhook
# has run, also the webhooks, their Service and their serving certificate from cert-manager
# (which must be installed in the cluster first: https://cert-manager.io/docs/installation/).
namespace: ${v.projectName}-system
namePrefix: ${v.projectName}-
resources:
- ../crd
- ../rbac
- ../manager
# The metrics Service (HTTPS on 8443, behind authentication and authorization).
- metrics_service.yaml
# Uncomment to let only Pods in namespaces labelled metrics: enabled reach the metrics.
#- ../network-policy
# [PROMETHEUS] Uncomment to have the Prometheus Operator scrape the metrics (needs its
# ServiceMonitor CRD).
#- ../prometheus
# [CERTMANAGER] cert-manager's Issuer and certificates (config/certmanager), which the metrics
# certificate's sections below need; create webhook uncomments it for the webhooks' certificate.
#- ../certmanager

${DEFAULT_RESOURCE_MARKER}
patches:
# Serves the metrics on :8443 (METRICS_BIND_ADDRESS); without this patch they are off.
- path: manager_metrics_patch.yaml
  target:
    kind: Deployment
# [METRICS-WITH-CERTS] Serves the metrics with cert-manager's certificate instead of a self-signed
# one: the Secret metrics-server-cert mounted in the manager, METRICS_CERT_PATH naming its directory.
# Uncomment [CERTMANAGER] above and the [METRICS-WITH-CERTS] replacements below with it.
#- path: cert_metrics_manager_patch.yaml
#  target:
#    kind: Deployment

${DEFAULT_PATCH_MARKER}
replacements:
# [METRICS-WITH-CERTS] The metrics Service's name and namespace into the DNS names of the
# metrics-certs Certificate and the serverName of the ServiceMonitor, which the [PROMETHEUS-WITH-CERTS]
# patch of config/prometheus verifies (kustomize skips that target while there is no ServiceMonitor).
${metricsCertReplacement("name", 0)}${metricsCertReplacement("namespace", 1)}
${DEFAULT_REPLACEMENT_MARKER}
`;
}

const METRICS_FILES: Record<string, string> = {
  "config/default/metrics_service.yaml": `apiVersion: v1
kind: Service
metadata:
  labels:
    control-plane: controller-manager
  name: controller-manager-metrics-service
  namespace: system
spec:
  ports:
  - name: https
    port: 8443
    protocol: TCP
    targetPort: 8443
  selector:
    control-plane: controller-manager
`,
  "config/default/manager_metrics_patch.yaml": `# Serves the metrics over HTTPS on port 8443 (cmd/main.ts reads METRICS_BIND_ADDRESS).
- op: add
  path: /spec/template/spec/containers/0/env/-
  value:
    name: METRICS_BIND_ADDRESS
    value: ":8443"
`,
  "config/network-policy/kustomization.yaml": `resources:
- allow-metrics-traffic.yaml
`,
  "config/network-policy/allow-metrics-traffic.yaml": `# Lets only Pods in namespaces labelled metrics: enabled reach the manager's metrics port.
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: allow-metrics-traffic
  namespace: system
spec:
  podSelector:
    matchLabels:
      control-plane: controller-manager
  policyTypes:
  - Ingress
  ingress:
  - from:
    - namespaceSelector:
        matchLabels:
          metrics: enabled
    ports:
    - port: 8443
      protocol: TCP
`,
  "config/default/cert_metrics_manager_patch.yaml": `# Mounts cert-manager's metrics certificate (the Secret metrics-server-cert) in the manager and
# points METRICS_CERT_PATH at it: cmd/main.ts then serves the metrics with its tls.crt and tls.key,
# reloaded when cert-manager renews them, instead of a self-signed certificate.
- op: add
  path: /spec/template/spec/containers/0/volumeMounts/-
  value:
    mountPath: /tmp/k8s-metrics-server/metrics-certs
    name: metrics-certs
    readOnly: true
- op: add
  path: /spec/template/spec/containers/0/env/-
  value:
    name: METRICS_CERT_PATH
    value: /tmp/k8s-metrics-server/metrics-certs
- op: add
  path: /spec/template/spec/volumes/-
  value:
    name: metrics-certs
    secret:
      secretName: metrics-server-cert
      optional: false
      items:
      - key: ca.crt
        path: ca.crt
      - key: tls.crt
        path: tls.crt
      - key: tls.key
        path: tls.key
`,
  "config/prometheus/kustomization.yaml": `resources:
- monitor.yaml

# [PROMETHEUS-WITH-CERTS] Uncomment to have Prometheus verify the manager's certificate (and present
# it) from the Secret metrics-server-cert instead of skipping verification. This needs the sections
# tagged [CERTMANAGER] and [METRICS-WITH-CERTS] in config/default/kustomization.yaml uncommented too.
#patches:
#- path: monitor_tls_patch.yaml
#  target:
#    kind: ServiceMonitor
`,
  "config/prometheus/monitor_tls_patch.yaml": `# The ServiceMonitor's TLS with cert-manager's metrics certificate: the server name checked is the
# metrics Service's (SERVICE_NAME and SERVICE_NAMESPACE are replaced by the [METRICS-WITH-CERTS]
# replacements of config/default/kustomization.yaml), against the CA in metrics-server-cert.
- op: replace
  path: /spec/endpoints/0/tlsConfig
  value:
    serverName: SERVICE_NAME.SERVICE_NAMESPACE.svc
    insecureSkipVerify: false
    ca:
      secret:
        name: metrics-server-cert
        key: ca.crt
    cert:
      secret:
        name: metrics-server-cert
        key: tls.crt
    keySecret:
      name: metrics-server-cert
      key: tls.key
`,
  "config/prometheus/monitor.yaml": `# The Prometheus Operator's scrape of the metrics Service. Prometheus's ServiceAccount must be bound
# to the metrics-reader ClusterRole. insecureSkipVerify because the manager's certificate is
# self-signed unless it is cert-manager's: [PROMETHEUS-WITH-CERTS] in kustomization.yaml verifies that one.
apiVersion: monitoring.coreos.com/v1
kind: ServiceMonitor
metadata:
  labels:
    control-plane: controller-manager
  name: controller-manager-metrics-monitor
  namespace: system
spec:
  endpoints:
  - path: /metrics
    port: https
    scheme: https
    bearerTokenFile: /var/run/secrets/kubernetes.io/serviceaccount/token
    tlsConfig:
      insecureSkipVerify: true
  selector:
    matchLabels:
      control-plane: controller-manager
`,
};

// cert-manager's certificates, as kubebuilder wires them: a self-signed Issuer, and a Certificate
// for each server of the manager, whose Secret config/default mounts where that server reads it.
// init writes the metrics server's; create webhook adds the webhooks'.

/** config/certmanager/issuer.yaml: a self-signed Issuer (kubebuilder's). */
export function issuerFile(v: Pick<InitValues, "projectName">): string {
  return `# A self-signed issuer for the manager's serving certificates (https://cert-manager.io/docs/).
apiVersion: cert-manager.io/v1
kind: Issuer
metadata:
  labels:
    app.kubernetes.io/name: ${v.projectName}
    app.kubernetes.io/managed-by: kustomize
  name: selfsigned-issuer
  namespace: system
spec:
  selfSigned: {}
`;
}

/** What differs between the manager's two Certificates (kubebuilder's metrics-certs and serving-cert). */
export interface CertificateOf {
  /** The leading comment: whose certificate, and where it is mounted. */
  header: string;
  name: string;
  secretName: string;
  /** The Service it is for ("metrics", "webhook"), and the replacements of config/default/kustomization.yaml that put its names in. */
  service: string;
  replacements: string;
}

/** A Certificate of the self-signed Issuer for a Service of the manager, its DNS names filled in by kustomize. */
export function certificateYaml(v: Pick<InitValues, "projectName">, c: CertificateOf): string {
  return `${c.header}
apiVersion: cert-manager.io/v1
kind: Certificate
metadata:
  labels:
    app.kubernetes.io/name: ${v.projectName}
    app.kubernetes.io/managed-by: kustomize
  name: ${c.name}
  namespace: system
spec:
  # SERVICE_NAME and SERVICE_NAMESPACE are replaced with the ${c.service} Service's by the
  # ${c.replacements} in config/default/kustomization.yaml.
  dnsNames:
  - SERVICE_NAME.SERVICE_NAMESPACE.svc
  - SERVICE_NAME.SERVICE_NAMESPACE.svc.cluster.local
  issuerRef:
    kind: Issuer
    name: selfsigned-issuer
  secretName: ${c.secretName}
`;
}

/** config/certmanager/certificate-metrics.yaml: the metrics server's certificate (kubebuilder's metrics-certs). */
function metricsCertificateFile(v: Pick<InitValues, "projectName">): string {
  return certificateYaml(v, {
    header: `# The metrics server's certificate, kept by cert-manager in the Secret metrics-server-cert, which
# config/default/cert_metrics_manager_patch.yaml mounts where cmd/main.ts reads it (METRICS_CERT_PATH).`,
    name: "metrics-certs",
    secretName: "metrics-server-cert",
    service: "metrics",
    replacements: "[METRICS-WITH-CERTS] replacements",
  });
}

/** The line of config/certmanager/kustomization.yaml after which create webhook lists its certificate. */
export const CERTMANAGER_ISSUER_LINE = "- issuer.yaml";

/** config/certmanager/kustomization.yaml: the Issuer and the `certificates` files. */
export function certmanagerKustomization(certificates: readonly string[]): string {
  return `resources:
${CERTMANAGER_ISSUER_LINE}
${certificates.map((c) => `- ${c}\n`).join("")}
configurations:
- kustomizeconfig.yaml
`;
}

/** config/certmanager/kustomizeconfig.yaml: kustomize's namePrefix reaches the Certificates' issuerRef. */
export const CERTMANAGER_KUSTOMIZECONFIG = `# Teaches kustomize to substitute the Issuer's name in the Certificates' issuerRef.
nameReference:
- kind: Issuer
  group: cert-manager.io
  fieldSpecs:
  - kind: Certificate
    group: cert-manager.io
    path: spec/issuerRef/name
`;

const CRD_KUSTOMIZATION = `# The CRDs kube-codegen generates into bases/; create api adds each one.
resources:
${CRD_KUSTOMIZE_MARKER}
`;

const GITIGNORE = `node_modules/
dist/
`;

function readme(v: InitValues): string {
  return `# ${v.projectName}

A Kubernetes operator in TypeScript, scaffolded by \`kube-codegen init --domain ${v.domain}\`.

- \`api/<group>/<version>/\`: the API types (\`kube-codegen create api\` adds them); \`zz_generated.*\` are written by \`npm run codegen\`.
- \`internal/controller/\`: the controllers and their tests against the in-process test API server.
- \`cmd/main.ts\`: the manager that runs them (\`npm start\`).
- \`generated/\`: clientset, listers and informers; \`config/\`: CRDs, RBAC (\`role.yaml\` from the
  controllers' \`+kubebuilder:rbac\` markers) and the manager's Deployment (\`kubectl apply -k config/default\`).

\`\`\`sh
npx kube-codegen create api --group webapp --version v1 --kind Guestbook --controller
npm run codegen   # after every change of the API types or the RBAC markers
npm test
npm run verify    # in CI: generated files current, the project type-checks
\`\`\`
`;
}

/** Every file `init` writes but PROJECT (project-file.ts writes that one), by path relative to the project. */
export function initFiles(v: InitValues): ReadonlyMap<string, string> {
  return new Map<string, string>([
    ["package.json", packageJson(v)],
    ["tsconfig.json", TSCONFIG],
    ["kube-codegen.config.json", CONFIG],
    [".gitignore", GITIGNORE],
    ["README.md", readme(v)],
    ["hack/boilerplate.ts.txt", boilerplate(v)],
    ["hack/update-codegen.sh", UPDATE_CODEGEN],
    ["hack/verify-codegen.sh", VERIFY_CODEGEN],
    ["hack/run-tests.mjs", RUN_TESTS],
    ["cmd/main.ts", mainTs(v)],
    ["config/default/kustomization.yaml", defaultKustomization(v)],
    ["config/crd/kustomization.yaml", CRD_KUSTOMIZATION],
    ["config/manager/manager.yaml", managerYaml(v)],
    ...Object.entries(RBAC_FILES),
    ...Object.entries(METRICS_FILES),
    ["config/certmanager/issuer.yaml", issuerFile(v)],
    ["config/certmanager/certificate-metrics.yaml", metricsCertificateFile(v)],
    ["config/certmanager/kustomization.yaml", certmanagerKustomization(["certificate-metrics.yaml"])],
    ["config/certmanager/kustomizeconfig.yaml", CERTMANAGER_KUSTOMIZECONFIG],
  ]);
}
