// apiextensions: what apiextensions-apiserver does: a CRD's served versions become resources (schema
// compiled once), CRDs are checked, defaulted and established, deleting one removes its custom
// resources, and the registry strategies of CRDs and custom resources.
export * from "./crd-controller.js";
export * from "./crd-resources.js";
export * from "./crd-strategy.js";
