// Diagnostic codes of the schema stage and the crd generator (KCG14xx). Tests and docs refer to
// them, so a code keeps its meaning once released.

/** The KCG14xx codes. */
export const CrdCode = {
  /** The API server would reject the generated CRD (offline checks). */
  serverRejects: "KCG1402",
  /** More than one version of a kind is marked +kubebuilder:storageversion. */
  severalStorageVersions: "KCG1403",
  /** A kind with several versions has none marked +kubebuilder:storageversion. */
  noStorageVersion: "KCG1404",
  /** Every version of a kind is +kubebuilder:unservedversion. */
  noServedVersion: "KCG1405",
  /** Versions of one kind disagree on names or scope. */
  versionsDisagree: "KCG1406",
  /** A type refers to itself; CRD schemas have no references, so it cannot be inlined. */
  recursiveType: "KCG1407",
  /** A field named by AtMostOneOf/ExactlyOneOf is required. */
  oneOfRequired: "KCG1408",
  /** +kubebuilder:skipversion on the only version of a kind. */
  skipOnlyVersion: "KCG1409",
  /** A +kubebuilder:selectablefield path names no string, integer or boolean field. */
  badSelectableField: "KCG1410",
  /** An XValidation rule's fieldPath names no field of the object the rule is on. */
  badRuleFieldPath: "KCG1411",
  /** An XValidation rule's messageExpression does not compile to a string. */
  badMessageExpression: "KCG1412",
} as const;
