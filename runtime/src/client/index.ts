// client: typed access to one resource's verbs (ResourceClient), with the pieces it is made of:
// resource descriptions and URL building, name validation, label and field selector builders, verb
// options and their query strings, patch types, list paging, the Scale type and typed apply configurations. Generated clientsets
// bind their types and verbs to ResourceClient through typedClient (typed-client.ts).
export * from "./names.js";
export * from "./resource.js";
export * from "./label-selector.js";
export * from "./field-selector.js";
export * from "./options.js";
export * from "./patch-type.js";
export * from "./scale.js";
export * from "./object-types.js";
export * from "./apply-configuration.js";
export * from "./list-pager.js";
export * from "./resource-client.js";
export * from "./typed-client.js";
export * from "./retry-on-conflict.js";
