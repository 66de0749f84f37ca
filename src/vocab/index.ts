// Stage: vocab. Owns the Kubernetes markers as data: one file per family, each definition with its
// targets, payload, help, example and (for schema markers) its effect on a CRD schema node and its
// application order. Parsing, `kube-codegen markers`, the marker reference (docs/reference/markers.md) and unknown-marker
// errors all derive from these declarations. It must not parse comments (src/markers does) nor
// build models or files (the model and generators read the parsed markers).
import { MarkerRegistry } from "../markers/index.js";
import { acceptedMarkers, ACCEPTED_FAMILY, NO_EFFECT_FAMILY, noEffectMarkers } from "./accepted.js";
import { CONTROLLER_FAMILY, controllerMarkers } from "./controller.js";
import { CONVERSION_FAMILY, conversionMarkers } from "./conversion.js";
import { controllerGenMarkerNames, withControllerGenIgnoredTargets } from "./controller-gen-targets.js";
import { crdVersionMarkers, VERSION_FAMILY } from "./crd-version.js";
import { declarativeMarkers } from "./declarative.js";
import { deepcopyMarkers, DEEPCOPY_FAMILY } from "./deepcopy.js";
import { defaultsMarkers, DEFAULTS_FAMILY } from "./defaults.js";
import type { KubeMarkerDefinition } from "./definition.js";
import { genclientMarkers, GENCLIENT_FAMILY } from "./genclient.js";
import { formatHelp, referenceMarkdown } from "./help.js";
import { topologyMarkers, TOPOLOGY_FAMILY } from "./list-map-struct.js";
import { metadataMarkers, METADATA_FAMILY } from "./metadata.js";
import { objectResourceMarkers, RESOURCE_FAMILY } from "./object-resource.js";
import { packageMarkers, PACKAGE_FAMILY } from "./package.js";
import { COLUMNS_FAMILY, printColumnMarkers } from "./print-column.js";
import { REQUIREDNESS_FAMILY, requirednessMarkers } from "./requiredness.js";
import { ITEMS_FAMILY, validationMarkers, VALIDATION_FAMILY } from "./validation.js";

export * from "./definition.js";
export { crdMetadataOf } from "./metadata.js";
export { payloadSyntax } from "./syntax.js";
export { clientVerbs } from "./genclient.js";
export { CONTROLLER_FAMILY } from "./controller.js";

/** The namespaces in which an unknown marker is an error (docs/architecture.md#markers-as-data); others are left alone. */
export const knownNamespaces = [
  "genclient",
  "k8s",
  "kubebuilder",
  "groupName",
  "groupGoName",
  "versionName",
  "optional",
  "required",
  "nullable",
  "default",
  "listType",
  "listMapKey",
  "mapType",
  "structType",
] as const;

/** Family headings in the order help output lists them. */
export const familyOrder: readonly string[] = [
  PACKAGE_FAMILY,
  RESOURCE_FAMILY,
  GENCLIENT_FAMILY,
  DEEPCOPY_FAMILY,
  CONVERSION_FAMILY,
  VERSION_FAMILY,
  COLUMNS_FAMILY,
  METADATA_FAMILY,
  REQUIREDNESS_FAMILY,
  VALIDATION_FAMILY,
  ITEMS_FAMILY,
  TOPOLOGY_FAMILY,
  DEFAULTS_FAMILY,
  CONTROLLER_FAMILY,
  ACCEPTED_FAMILY,
  NO_EFFECT_FAMILY,
];

/**
 * Every Kubernetes marker declaration, family by family; a marker controller-gen knows is ignored
 * with a warning on the targets where controller-gen ignores it (src/vocab/controller-gen-targets.ts).
 */
export const kubernetesMarkerDefinitions: readonly KubeMarkerDefinition[] = [
  ...packageMarkers,
  ...objectResourceMarkers,
  ...genclientMarkers,
  ...deepcopyMarkers,
  ...conversionMarkers,
  ...crdVersionMarkers,
  ...printColumnMarkers,
  ...metadataMarkers,
  ...requirednessMarkers,
  ...validationMarkers,
  ...declarativeMarkers,
  ...topologyMarkers,
  ...defaultsMarkers,
  ...controllerMarkers,
  ...acceptedMarkers,
  ...noEffectMarkers,
].map(withControllerGenIgnoredTargets);

export { controllerGenMarkerNames };

/** Builds a fresh registry of the Kubernetes markers (tests may add their own to a copy). */
export function createKubernetesRegistry(): MarkerRegistry {
  const r = new MarkerRegistry();
  for (const ns of knownNamespaces) r.addNamespace(ns);
  return r.defineAll(kubernetesMarkerDefinitions);
}

/** Every declared marker (docs/architecture.md#markers-as-data), with the known namespaces. */
export const kubernetesMarkers: MarkerRegistry = createKubernetesRegistry();

/** What `kube-codegen markers` prints. */
export function formatMarkerHelp(): string {
  return formatHelp(kubernetesMarkers, familyOrder);
}

/** The marker reference of docs/reference/markers.md, derived from the declarations. */
export function markerReferenceMarkdown(): string {
  return referenceMarkdown(kubernetesMarkers, familyOrder);
}
