import { TYPE, type KubeMarkerDefinition } from "./definition.js";

/** Family heading of the CRD version markers. */
export const VERSION_FAMILY = "CRD versions";

function flag(name: string, help: string): KubeMarkerDefinition {
  return { name, targets: TYPE, payload: { kind: "flag" }, help, example: `+${name}`, family: VERSION_FAMILY };
}

/** `+kubebuilder:storageversion`, `skipversion`, `unservedversion`, `deprecatedversion`. */
export const crdVersionMarkers: readonly KubeMarkerDefinition[] = [
  flag("kubebuilder:storageversion", "This version of the kind is the one stored; needed when a CRD has several versions."),
  flag("kubebuilder:skipversion", "Leave this version out of the CRD."),
  flag("kubebuilder:unservedversion", "Keep this version in the CRD but do not serve it."),
  {
    name: "kubebuilder:deprecatedversion",
    targets: TYPE,
    payload: {
      kind: "args",
      args: [{ name: "warning", type: "string", optional: true, help: "warning sent to clients that use the version" }],
    },
    help: "Mark this version deprecated; clients get a warning.",
    example: '+kubebuilder:deprecatedversion:warning="example.com/v1alpha1 Foo is deprecated; use v1"',
    family: VERSION_FAMILY,
  },
];
