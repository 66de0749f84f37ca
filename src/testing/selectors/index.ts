// selectors: label and field selectors, parsed and matched with apimachinery's grammar and wording.
export * from "./field-selector.js";
export * from "./label-selector.js";
