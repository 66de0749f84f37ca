import { PACKAGE, type KubeMarkerDefinition } from "./definition.js";

/** Family heading of the package markers. */
export const PACKAGE_FAMILY = "API packages (doc.ts)";

const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const DNS_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `+groupName`, `+groupGoName`, `+versionName`, `+kubebuilder:skip`. */
export const packageMarkers: readonly KubeMarkerDefinition[] = [
  {
    name: "groupName",
    targets: PACKAGE,
    payload: { kind: "value", type: "string" },
    help: "The API group of the package (a DNS subdomain); empty for the core group.",
    example: "+groupName=samplecontroller.k8s.io",
    family: PACKAGE_FAMILY,
    check: (v) =>
      v === "" || (DNS_SUBDOMAIN.test(v as string) && (v as string).length <= 253)
        ? undefined
        : `${JSON.stringify(v)} is not a DNS subdomain (lower case letters, digits, '-' and '.')`,
  },
  {
    name: "groupGoName",
    targets: PACKAGE,
    payload: { kind: "value", type: "string" },
    help: "The name used for the group in generated identifiers (clientset accessors), when the group's first label is not a good one.",
    example: "+groupGoName=SampleController",
    family: PACKAGE_FAMILY,
    check: (v) => (IDENT.test(v as string) ? undefined : `${JSON.stringify(v)} is not an identifier`),
  },
  {
    name: "versionName",
    targets: PACKAGE,
    payload: { kind: "value", type: "string" },
    help: "The API version of the package, when the directory name is not it.",
    example: "+versionName=v1beta1",
    family: PACKAGE_FAMILY,
    check: (v) =>
      DNS_LABEL.test(v as string) && (v as string).length <= 63
        ? undefined
        : `${JSON.stringify(v)} is not a valid version name (a DNS label such as v1 or v2beta1)`,
  },
  {
    name: "kubebuilder:skip",
    targets: PACKAGE,
    payload: { kind: "flag" },
    help: "The package is not an API version: no CRDs are generated from it.",
    example: "+kubebuilder:skip",
    family: PACKAGE_FAMILY,
  },
];
