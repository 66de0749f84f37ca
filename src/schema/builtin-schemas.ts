import type { BuiltinName } from "../model/index.js";
import type { JSONSchemaProps } from "@kube-codegen/apiextensions";
import type { DescriptionLayout } from "./description.js";
import { currentBuiltinDescriptions, CURRENT_API_VERSION_DESCRIPTION, CURRENT_KIND_DESCRIPTION } from "./builtin-descriptions.js";

// Schemas of the apimachinery types the runtime exports, as controller-gen writes them into CRDs:
// the known-type overrides (Time, Duration, Quantity, IntOrString, RawExtension, ObjectMeta) and
// the struct types with their upstream descriptions and validation markers (Condition keeps the
// checks metav1 declares with kubebuilder markers). Descriptions come from the 1.24 API's
// OpenAPI document, which drops the `---` sections as our doc reader does: that is v0.13's layout;
// builtin-descriptions.ts holds today's controller-gen's, which replace them by default.

/** APIVersion's description, word for word as controller-gen v0.13 writes it. */
export const API_VERSION_DESCRIPTION =
  "APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources";

/** Kind's description, word for word as controller-gen v0.13 writes it. */
export const KIND_DESCRIPTION =
  "Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds";

/** Resource quantities: the pattern apimachinery's Quantity parser accepts. */
export const QUANTITY_PATTERN =
  "^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$";

/** LabelSelectorRequirement's schema, also the items of LabelSelector.matchExpressions. */
const labelSelectorRequirement: JSONSchemaProps = {
  description: "A label selector requirement is a selector that contains values, a key, and an operator that relates the key and values.",
  type: "object",
  required: ["key", "operator"],
  properties: {
    key: {
      description: "key is the label key that the selector applies to.",
      type: "string",
    },
    operator: {
      description: "operator represents a key's relationship to a set of values. Valid operators are In, NotIn, Exists and DoesNotExist.",
      type: "string",
    },
    values: {
      description:
        "values is an array of string values. If the operator is In or NotIn, the values array must be non-empty. If the operator is Exists or DoesNotExist, the values array must be empty. This array is replaced during a strategic merge patch.",
      type: "array",
      items: {
        type: "string",
      },
      "x-kubernetes-list-type": "atomic",
    },
  },
};

const structs: Record<string, JSONSchemaProps> = {
  LabelSelectorRequirement: labelSelectorRequirement,
  Condition: {
    description: "Condition contains details for one aspect of the current state of this API Resource.",
    type: "object",
    required: ["lastTransitionTime", "message", "reason", "status", "type"],
    properties: {
      lastTransitionTime: {
        type: "string",
        format: "date-time",
        description:
          "lastTransitionTime is the last time the condition transitioned from one status to another. This should be when the underlying condition changed.  If that is not known, then using the time when the API field changed is acceptable.",
      },
      message: {
        description: "message is a human readable message indicating details about the transition. This may be an empty string.",
        type: "string",
        maxLength: 32768,
      },
      observedGeneration: {
        description:
          "observedGeneration represents the .metadata.generation that the condition was set based upon. For instance, if .metadata.generation is currently 12, but the .status.conditions[x].observedGeneration is 9, the condition is out of date with respect to the current state of the instance.",
        type: "integer",
        format: "int64",
        minimum: 0,
      },
      reason: {
        description:
          "reason contains a programmatic identifier indicating the reason for the condition's last transition. Producers of specific condition types may define expected values and meanings for this field, and whether the values are considered a guaranteed API. The value should be a CamelCase string. This field may not be empty.",
        type: "string",
        maxLength: 1024,
        minLength: 1,
        pattern: "^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$",
      },
      status: {
        description: "status of the condition, one of True, False, Unknown.",
        type: "string",
        enum: ["True", "False", "Unknown"],
      },
      type: {
        description: "type of condition in CamelCase or in foo.example.com/CamelCase.",
        type: "string",
        maxLength: 316,
        pattern: "^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$",
      },
    },
  },
  LabelSelector: {
    description:
      "A label selector is a label query over a set of resources. The result of matchLabels and matchExpressions are ANDed. An empty label selector matches all objects. A null label selector matches no objects.",
    type: "object",
    properties: {
      matchExpressions: {
        description: "matchExpressions is a list of label selector requirements. The requirements are ANDed.",
        type: "array",
        items: labelSelectorRequirement,
        "x-kubernetes-list-type": "atomic",
      },
      matchLabels: {
        description:
          'matchLabels is a map of {key,value} pairs. A single {key,value} in the matchLabels map is equivalent to an element of matchExpressions, whose key field is "key", the operator is "In", and the values array contains only "value". The requirements are ANDed.',
        type: "object",
        additionalProperties: {
          type: "string",
        },
      },
    },
    "x-kubernetes-map-type": "atomic",
  },
  OwnerReference: {
    description:
      "OwnerReference contains enough information to let you identify an owning object. An owning object must be in the same namespace as the dependent, or be cluster-scoped, so there is no namespace field.",
    type: "object",
    required: ["apiVersion", "kind", "name", "uid"],
    properties: {
      apiVersion: {
        description: "API version of the referent.",
        type: "string",
      },
      blockOwnerDeletion: {
        description:
          'If true, AND if the owner has the "foregroundDeletion" finalizer, then the owner cannot be deleted from the key-value store until this reference is removed. See https://kubernetes.io/docs/concepts/architecture/garbage-collection/#foreground-deletion for how the garbage collector interacts with this field and enforces the foreground deletion. Defaults to false. To set this field, a user needs "delete" permission of the owner, otherwise 422 (Unprocessable Entity) will be returned.',
        type: "boolean",
      },
      controller: {
        description: "If true, this reference points to the managing controller.",
        type: "boolean",
      },
      kind: {
        description:
          "Kind of the referent. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds",
        type: "string",
      },
      name: {
        description: "Name of the referent. More info: http://kubernetes.io/docs/user-guide/identifiers#names",
        type: "string",
      },
      uid: {
        description: "UID of the referent. More info: http://kubernetes.io/docs/user-guide/identifiers#uids",
        type: "string",
      },
    },
    "x-kubernetes-map-type": "atomic",
  },
  ManagedFieldsEntry: {
    description: "ManagedFieldsEntry is a workflow-id, a FieldSet and the group version of the resource that the fieldset applies to.",
    type: "object",
    properties: {
      apiVersion: {
        description:
          'APIVersion defines the version of this resource that this field set applies to. The format is "group/version" just like the top-level APIVersion field. It is necessary to track the version of a field set because it cannot be automatically converted.',
        type: "string",
      },
      fieldsType: {
        description:
          'FieldsType is the discriminator for the different fields format and version. There is currently only one possible value: "FieldsV1"',
        type: "string",
      },
      fieldsV1: {
        type: "object",
        description: 'FieldsV1 holds the first JSON version format as described in the "FieldsV1" type.',
      },
      manager: {
        description: "Manager is an identifier of the workflow managing these fields.",
        type: "string",
      },
      operation: {
        description:
          "Operation is the type of operation which lead to this ManagedFieldsEntry being created. The only valid values for this field are 'Apply' and 'Update'.",
        type: "string",
      },
      subresource: {
        description:
          "Subresource is the name of the subresource used to update that object, or empty string if the object was updated through the main resource. The value of this field is used to distinguish between managers, even if they share the same name. For example, a status update will be distinct from a regular update using the same manager name. Note that the APIVersion field is not related to the Subresource field and it always corresponds to the version of the main resource.",
        type: "string",
      },
      time: {
        type: "string",
        format: "date-time",
        description:
          "Time is the timestamp of when the ManagedFields entry was added. The timestamp will also be updated if a field is added, the manager changes any of the owned fields value or removes a field. The timestamp does not update when a field is removed from the entry because another manager took it over.",
      },
    },
  },
};

/** TypeMeta's two descriptions in a layout. */
export function typeMetaDescriptions(layout: DescriptionLayout): { readonly apiVersion: string; readonly kind: string } {
  return layout === "v0.13"
    ? { apiVersion: API_VERSION_DESCRIPTION, kind: KIND_DESCRIPTION }
    : { apiVersion: CURRENT_API_VERSION_DESCRIPTION, kind: CURRENT_KIND_DESCRIPTION };
}

/** A fresh copy of a builtin type's schema (callers mutate what they get), its descriptions in the layout. */
export function builtinSchema(name: BuiltinName, layout: DescriptionLayout = "current"): JSONSchemaProps {
  const s = v013Schema(name);
  if (layout === "current") relayout(s, currentBuiltinDescriptions[name]);
  return s;
}

/** Puts today's descriptions (by property path, "" the node itself, "a.b" nested, "a[]" items) into a v0.13 schema. */
function relayout(s: JSONSchemaProps, docs: Readonly<Record<string, string>> | undefined): void {
  if (!docs) return;
  for (const [path, doc] of Object.entries(docs)) {
    let node: JSONSchemaProps | undefined = s;
    for (const step of path === "" ? [] : path.split(".")) {
      const items = step.endsWith("[]");
      node = node?.properties?.[items ? step.slice(0, -2) : step];
      if (items) node = node && !Array.isArray(node.items) ? node.items : undefined;
    }
    if (node) node.description = doc;
  }
}

function v013Schema(name: BuiltinName): JSONSchemaProps {
  switch (name) {
    case "Time":
    case "MicroTime":
      return { type: "string", format: "date-time" };
    case "Duration":
      return { type: "string" };
    case "Quantity":
      return { anyOf: [{ type: "integer" }, { type: "string" }], pattern: QUANTITY_PATTERN, "x-kubernetes-int-or-string": true };
    case "IntOrString":
      return { anyOf: [{ type: "integer" }, { type: "string" }], "x-kubernetes-int-or-string": true };
    case "RawExtension":
      return { type: "object", "x-kubernetes-preserve-unknown-fields": true };
    // controller-gen does not describe metadata: the server owns its schema.
    case "ObjectMeta":
    case "ListMeta":
      return { type: "object" };
    case "TypeMeta":
      return {
        type: "object",
        properties: {
          apiVersion: { type: "string", description: API_VERSION_DESCRIPTION },
          kind: { type: "string", description: KIND_DESCRIPTION },
        },
      };
    default:
      return structuredClone(structs[name] ?? { type: "object" });
  }
}
