import { ANYWHERE, type KubeMarkerDefinition } from "./definition.js";

/** Family heading of the conversion markers. */
export const CONVERSION_FAMILY = "Conversion";

/**
 * `+k8s:conversion-gen`, as conversion-gen reads it: in doc.ts it names the package to convert to
 * (here the hub of hub-and-spoke conversion), on a type or a field `=false` opts it out.
 */
export const conversionMarkers: readonly KubeMarkerDefinition[] = [
  {
    name: "k8s:conversion-gen",
    targets: ANYWHERE,
    payload: { kind: "value", type: "string" },
    help:
      "In a spoke version's doc.ts, generate conversions to and from the hub: =<version> of the same group (=v2), a package directory (=shipyard/v2) or an import path ending in one, " +
      "or =true for each kind's +kubebuilder:storageversion version (=false: none). On a type or a field, =false leaves it out of the generated conversions.",
    example: "+k8s:conversion-gen=v2",
    family: CONVERSION_FAMILY,
    check: (value, target) => {
      const v = String(value);
      if (target !== "package" && v !== "false") return `on a ${target} write =false (to opt out), not =${v}; the hub is named in doc.ts`;
      if (target === "package" && v.trim() === "") return "name the hub: =v2, =<group dir>/v2, or =true for the storage version";
      return undefined;
    },
  },
];
