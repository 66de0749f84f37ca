// Deep-copy speed: the generated copy of a realistic ~3 KB custom resource (nested arrays, maps,
// conditions) against structuredClone and JSON.parse(JSON.stringify(x)), measured in one run and
// reported as ratios. Goal (issue): ≥5× structuredClone, ≥3× JSON.
import { performance } from "node:perf_hooks";
import { deepCopyHelmRelease } from "../generated-examples/helm-release/apis/helm/v1/zz_generated.deepcopy.js";
import type { HelmRelease } from "../generated-examples/helm-release/apis/helm/v1/types.js";
import { recordBenchResults } from "./results.js";

/** A HelmRelease as a cluster would return it: metadata with managedFields, spec, status history. */
export function sampleRelease(): HelmRelease {
  const t = "2026-11-30T10:00:00Z";
  return {
    apiVersion: "helm.example.com/v1",
    kind: "HelmRelease",
    metadata: {
      name: "payments-api",
      namespace: "prod",
      uid: "2f4a9a2e-5b0c-4a57-8d7e-4c1b3a2d9e10",
      resourceVersion: "982734",
      generation: 7,
      creationTimestamp: t,
      labels: { app: "payments", tier: "backend", team: "checkout", "app.kubernetes.io/managed-by": "flux" },
      annotations: { "helm.example.com/last-applied-digest": "sha256:4b825dc642cb6eb9a060e54bf8d69288fbee4904" },
      finalizers: ["helm.example.com/cleanup"],
      ownerReferences: [{ apiVersion: "source.example.com/v1", kind: "HelmRepository", name: "internal", uid: "9c1e", controller: true }],
      managedFields: [
        {
          manager: "flux",
          operation: "Apply",
          apiVersion: "helm.example.com/v1",
          time: t,
          fieldsType: "FieldsV1",
          fieldsV1: { "f:spec": { "f:chart": {}, "f:values": {} } },
        },
      ],
    },
    spec: {
      chart: { name: "payments-api", version: "4.12.0", repository: "https://charts.example.com/internal" },
      values: {
        replicaCount: 3,
        image: { repository: "registry.example.com/payments-api", tag: "4.12.0" },
        env: [{ name: "LOG_LEVEL", value: "info" }],
      },
      valuesFrom: [
        { kind: "ConfigMap", name: "payments-defaults", valuesKey: "values.yaml" },
        { kind: "Secret", name: "payments-credentials", optional: true },
      ],
      resources: {
        api: { limits: { cpu: "2", memory: "2Gi" }, requests: { cpu: "500m", memory: "1Gi" } },
        sidecar: { limits: { cpu: "200m", memory: "128Mi" }, requests: { cpu: "50m", memory: "64Mi" } },
        migrations: { requests: { cpu: "100m", memory: "256Mi" } },
      },
      targets: [
        { cluster: "eu-west-1", ports: [8080, "metrics", 9090], labels: { region: "eu", zone: "a" } },
        { cluster: "eu-west-2", ports: [8080, "metrics"], labels: { region: "eu", zone: "b" } },
        { cluster: "us-east-1", ports: [8080], labels: { region: "us", zone: "a", canary: "true" } },
      ],
      suspend: false,
      maxHistory: 10,
    },
    status: {
      observedGeneration: 7,
      conditions: [
        {
          type: "Ready",
          status: "True",
          lastTransitionTime: t,
          reason: "InstallSucceeded",
          message: "Release reconciliation succeeded",
          observedGeneration: 7,
        },
        {
          type: "Released",
          status: "True",
          lastTransitionTime: t,
          reason: "UpgradeSucceeded",
          message: "Helm upgrade succeeded for release prod/payments-api.v12 with chart payments-api@4.12.0",
        },
        { type: "Reconciling", status: "False", lastTransitionTime: t, reason: "Succeeded", message: "" },
      ],
      history: Array.from({ length: 5 }, (_, i) => ({
        version: 12 - i,
        chartVersion: `4.${12 - i}.0`,
        digest: `sha256:${"ab".repeat(16)}${i}`,
        appliedAt: t,
        status: i === 0 ? "deployed" : "superseded",
      })),
      lastAppliedAt: t,
    },
  };
}

function opsPerMs(fn: () => unknown, ms = 400): number {
  let n = 0;
  const end = performance.now() + ms;
  while (performance.now() < end) {
    for (let i = 0; i < 200; i++) fn();
    n += 200;
  }
  return n / ms;
}

/** Runs the deep-copy benchmark and returns its ratios. */
export function runDeepCopyBench(): { bytes: number; generated: number; structuredClone: number; json: number } {
  const obj = sampleRelease();
  const bytes = JSON.stringify(obj).length;
  // Warm up all three so the JIT has compiled each before measuring.
  for (let i = 0; i < 20000; i++) {
    deepCopyHelmRelease(obj);
    JSON.parse(JSON.stringify(obj));
  }
  for (let i = 0; i < 5000; i++) structuredClone(obj);
  const generated = opsPerMs(() => deepCopyHelmRelease(obj));
  const sc = opsPerMs(() => structuredClone(obj));
  const json = opsPerMs(() => JSON.parse(JSON.stringify(obj)));
  return { bytes, generated, structuredClone: sc, json };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = runDeepCopyBench();
  console.log(
    `deepcopy: ${r.bytes}-byte HelmRelease; generated ${r.generated.toFixed(0)} ops/ms, structuredClone ${r.structuredClone.toFixed(0)} ops/ms, JSON ${r.json.toFixed(0)} ops/ms`,
  );
  console.log(
    `deepcopy: generated is ${(r.generated / r.structuredClone).toFixed(1)}× structuredClone (goal ≥5×), ${(r.generated / r.json).toFixed(1)}× JSON round trip (goal ≥3×)`,
  );
  recordBenchResults("deepcopy", [
    {
      name: "generated deep copy vs structuredClone",
      ours: r.generated,
      baseline: r.structuredClone,
      unit: "ops/ms",
      better: "higher",
      goal: 5,
    },
    { name: "generated deep copy vs JSON round trip", ours: r.generated, baseline: r.json, unit: "ops/ms", better: "higher", goal: 3 },
  ]);
}
