// Generated from controller-gen v0.23.0's output for k8s.io/apimachinery v0.36.1's types (see
// test/fixtures/PROVENANCE.md): the descriptions of the builtin struct types in today's layout, by
// property path ("" the type itself, "a[]" the items of a). builtin-schemas.ts holds v0.13's.
import type { BuiltinName } from "../model/index.js";

/** APIVersion's description as controller-gen v0.14 and later write it. */
export const CURRENT_API_VERSION_DESCRIPTION =
  "APIVersion defines the versioned schema of this representation of an object.\nServers should convert recognized schemas to the latest internal value, and\nmay reject unrecognized values.\nMore info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources";

/** Kind's description as controller-gen v0.14 and later write it. */
export const CURRENT_KIND_DESCRIPTION =
  "Kind is a string value representing the REST resource this object represents.\nServers may infer this from the endpoint the client submits requests to.\nCannot be updated.\nIn CamelCase.\nMore info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds";

/** Today's descriptions of the builtin struct types' nodes. */
export const currentBuiltinDescriptions: Partial<Record<BuiltinName, Readonly<Record<string, string>>>> = {
  TypeMeta: { apiVersion: CURRENT_API_VERSION_DESCRIPTION, kind: CURRENT_KIND_DESCRIPTION },
  Condition: {
    "": "Condition contains details for one aspect of the current state of this API Resource.",
    lastTransitionTime:
      "lastTransitionTime is the last time the condition transitioned from one status to another.\nThis should be when the underlying condition changed.  If that is not known, then using the time when the API field changed is acceptable.",
    message: "message is a human readable message indicating details about the transition.\nThis may be an empty string.",
    observedGeneration:
      "observedGeneration represents the .metadata.generation that the condition was set based upon.\nFor instance, if .metadata.generation is currently 12, but the .status.conditions[x].observedGeneration is 9, the condition is out of date\nwith respect to the current state of the instance.",
    reason:
      "reason contains a programmatic identifier indicating the reason for the condition's last transition.\nProducers of specific condition types may define expected values and meanings for this field,\nand whether the values are considered a guaranteed API.\nThe value should be a CamelCase string.\nThis field may not be empty.",
    status: "status of the condition, one of True, False, Unknown.",
    type: "type of condition in CamelCase or in foo.example.com/CamelCase.",
  },
  LabelSelector: {
    "": "A label selector is a label query over a set of resources. The result of matchLabels and\nmatchExpressions are ANDed. An empty label selector matches all objects. A null\nlabel selector matches no objects.",
    matchExpressions: "matchExpressions is a list of label selector requirements. The requirements are ANDed.",
    "matchExpressions[]":
      "A label selector requirement is a selector that contains values, a key, and an operator that\nrelates the key and values.",
    "matchExpressions[].key": "key is the label key that the selector applies to.",
    "matchExpressions[].operator":
      "operator represents a key's relationship to a set of values.\nValid operators are In, NotIn, Exists and DoesNotExist.",
    "matchExpressions[].values":
      "values is an array of string values. If the operator is In or NotIn,\nthe values array must be non-empty. If the operator is Exists or DoesNotExist,\nthe values array must be empty. This array is replaced during a strategic\nmerge patch.",
    matchLabels:
      'matchLabels is a map of {key,value} pairs. A single {key,value} in the matchLabels\nmap is equivalent to an element of matchExpressions, whose key field is "key", the\noperator is "In", and the values array contains only "value". The requirements are ANDed.',
  },
  LabelSelectorRequirement: {
    "": "A label selector requirement is a selector that contains values, a key, and an operator that\nrelates the key and values.",
    key: "key is the label key that the selector applies to.",
    operator: "operator represents a key's relationship to a set of values.\nValid operators are In, NotIn, Exists and DoesNotExist.",
    values:
      "values is an array of string values. If the operator is In or NotIn,\nthe values array must be non-empty. If the operator is Exists or DoesNotExist,\nthe values array must be empty. This array is replaced during a strategic\nmerge patch.",
  },
  OwnerReference: {
    "": "OwnerReference contains enough information to let you identify an owning\nobject. An owning object must be in the same namespace as the dependent, or\nbe cluster-scoped, so there is no namespace field.",
    apiVersion: "API version of the referent.",
    blockOwnerDeletion:
      'If true, AND if the owner has the "foregroundDeletion" finalizer, then\nthe owner cannot be deleted from the key-value store until this\nreference is removed.\nSee https://kubernetes.io/docs/concepts/architecture/garbage-collection/#foreground-deletion\nfor how the garbage collector interacts with this field and enforces the foreground deletion.\nDefaults to false.\nTo set this field, a user needs "delete" permission of the owner,\notherwise 422 (Unprocessable Entity) will be returned.',
    controller: "If true, this reference points to the managing controller.",
    kind: "Kind of the referent.\nMore info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds",
    name: "Name of the referent.\nMore info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names",
    uid: "UID of the referent.\nMore info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#uids",
  },
  ManagedFieldsEntry: {
    "": "ManagedFieldsEntry is a workflow-id, a FieldSet and the group version of the resource\nthat the fieldset applies to.",
    apiVersion:
      'APIVersion defines the version of this resource that this field set\napplies to. The format is "group/version" just like the top-level\nAPIVersion field. It is necessary to track the version of a field\nset because it cannot be automatically converted.',
    fieldsType:
      'FieldsType is the discriminator for the different fields format and version.\nThere is currently only one possible value: "FieldsV1"',
    fieldsV1: 'FieldsV1 holds the first JSON version format as described in the "FieldsV1" type.',
    manager: "Manager is an identifier of the workflow managing these fields.",
    operation:
      "Operation is the type of operation which lead to this ManagedFieldsEntry being created.\nThe only valid values for this field are 'Apply' and 'Update'.",
    subresource:
      "Subresource is the name of the subresource used to update that object, or\nempty string if the object was updated through the main resource. The\nvalue of this field is used to distinguish between managers, even if they\nshare the same name. For example, a status update will be distinct from a\nregular update using the same manager name.\nNote that the APIVersion field is not related to the Subresource field and\nit always corresponds to the version of the main resource.",
    time: "Time is the timestamp of when the ManagedFields entry was added. The\ntimestamp will also be updated if a field is added, the manager\nchanges any of the owned fields value or removes a field. The\ntimestamp does not update when a field is removed from the entry\nbecause another manager took it over.",
  },
};
