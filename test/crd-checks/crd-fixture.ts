// Builds small v1 CRDs for the unit tests: one version "v1", cluster scope, group example.com.

/** A JSON schema node. */
export type Json = Record<string, unknown>;

/** A CRD whose root schema has `properties.spec = spec`; `patch` edits the result. */
export function crdWithSpec(spec: Json, patch?: (crd: Json & { spec: Json; metadata: Json }) => void): Json {
  return crdWithRoot({ type: "object", properties: { spec } }, patch);
}

/** A CRD with the given root schema. */
export function crdWithRoot(root: Json, patch?: (crd: Json & { spec: Json; metadata: Json }) => void): Json {
  const crd = {
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    metadata: { name: "foos.example.com" } as Json,
    spec: {
      group: "example.com",
      names: { kind: "Foo", plural: "foos" },
      scope: "Cluster",
      versions: [{ name: "v1", served: true, storage: true, schema: { openAPIV3Schema: root } }],
    } as Json,
  };
  patch?.(crd);
  return crd;
}

/** The schema path prefix of the spec property in a single-version CRD. */
export const SPEC = "spec.validation.openAPIV3Schema.properties[spec]";
