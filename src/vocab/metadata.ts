import type { Marker } from "../markers/index.js";
import { TYPE, type KubeMarkerDefinition } from "./definition.js";

/** Family heading of the CRD metadata marker. */
export const METADATA_FAMILY = "CRD metadata";

function keyValues(list: unknown, what: string): string | undefined {
  for (const item of (list as string[] | undefined) ?? []) {
    const eq = item.indexOf("=");
    if (eq <= 0) return `${what} ${JSON.stringify(item)} is not in key=value form`;
  }
  return undefined;
}

/** `+kubebuilder:metadata`: annotations and labels of the generated CRD object. */
export const metadataMarkers: readonly KubeMarkerDefinition[] = [
  {
    name: "kubebuilder:metadata",
    targets: TYPE,
    repeatable: true,
    payload: {
      kind: "args",
      args: [
        { name: "annotations", type: { list: "string" }, optional: true, help: 'annotations as "key=value" items, a;b' },
        { name: "labels", type: { list: "string" }, optional: true, help: 'labels as "key=value" items, a;b' },
      ],
    },
    help: "Annotations and labels to put on the generated CustomResourceDefinition.",
    example: '+kubebuilder:metadata:annotations="api-approved.kubernetes.io=https://github.com/org/repo/pull/1",labels="team=storage"',
    family: METADATA_FAMILY,
    check: (value) => {
      const v = value as { annotations?: string[]; labels?: string[] };
      return keyValues(v.annotations, "annotation") ?? keyValues(v.labels, "label");
    },
  },
];

/** Collects the annotations and labels of every `+kubebuilder:metadata` marker (later ones win). */
export function crdMetadataOf(markers: readonly Marker[]): { annotations: Record<string, string>; labels: Record<string, string> } {
  const annotations: Record<string, string> = {};
  const labels: Record<string, string> = {};
  const put = (into: Record<string, string>, items: string[] | undefined) => {
    for (const item of items ?? []) {
      const eq = item.indexOf("=");
      Object.defineProperty(into, item.slice(0, eq), { value: item.slice(eq + 1), enumerable: true, writable: true, configurable: true });
    }
  };
  for (const m of markers) {
    if (m.name !== "kubebuilder:metadata") continue;
    const v = m.value as { annotations?: string[]; labels?: string[] };
    put(annotations, v.annotations);
    put(labels, v.labels);
  }
  return { annotations, labels };
}
