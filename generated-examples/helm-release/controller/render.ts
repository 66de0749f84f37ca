// "Installing" a chart, for this example: a release's values are rendered into a ConfigMap it
// owns, `<release>-values`, with the chart it names. A real controller would run the chart here.
import { createHash } from "node:crypto";
import { stringify } from "yaml";
import type { HelmRelease } from "../apis/helm/v1/types.js";
import type { ConfigMapOf } from "./types.js";

/** The ConfigMap a release renders into. */
export function configMapName(release: string): string {
  return `${release}-values`;
}

/** The chart a release names, as `repository/name@version`. */
export function chartOf(hr: HelmRelease): string {
  const c = hr.spec.chart;
  return `${c.repository.replace(/\/+$/, "")}/${c.name}@${c.version ?? "latest"}`;
}

/** The rendered values: YAML with keys sorted, so the same values always give the same text. */
export function renderValues(values: Record<string, unknown> | undefined): string {
  return stringify(values ?? {}, { sortMapEntries: true });
}

/** sha256 of the rendered values and chart: what the release history records. */
export function digestOf(chart: string, values: string): string {
  return `sha256:${createHash("sha256").update(chart).update("\n").update(values).digest("hex")}`;
}

/** The ConfigMap `hr` should own: its values and chart, labelled, with `hr` as controller. */
export function desiredConfigMap(hr: HelmRelease): ConfigMapOf {
  const name = hr.metadata?.name ?? "";
  return {
    apiVersion: "v1",
    kind: "ConfigMap",
    metadata: {
      name: configMapName(name),
      namespace: hr.metadata?.namespace ?? "",
      labels: { "app.kubernetes.io/managed-by": "helm-release-controller", "helm.example.com/release": name },
      ownerReferences: [
        {
          apiVersion: "helm.example.com/v1",
          kind: "HelmRelease",
          name,
          uid: hr.metadata?.uid ?? "",
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    data: { chart: chartOf(hr), "values.yaml": renderValues(hr.spec.values) },
  };
}
