import { ANYWHERE, TYPE, type KubeMarkerDefinition } from "./definition.js";

/** Family heading of the deep-copy markers. */
export const DEEPCOPY_FAMILY = "Deep copy";

/** `+k8s:deepcopy-gen` and its sub-markers, as deepcopy-gen reads them. */
export const deepcopyMarkers: readonly KubeMarkerDefinition[] = [
  {
    name: "k8s:deepcopy-gen",
    targets: ["package", "type"],
    payload: { kind: "value", type: { enum: ["package", "true", "false"] } },
    help: "In doc.ts, =package generates deep copies for every type of the package. On a type, =true or =false overrides that; with =false, export a hand-written deepCopy<Type>(in: <Type>): <Type> from the package.",
    example: "+k8s:deepcopy-gen=package",
    family: DEEPCOPY_FAMILY,
    check: (value, target) => {
      if (target === "package" && value !== "package" && value !== "false")
        return `in doc.ts write =package or =false, not =${String(value)}`;
      if (target === "type" && value === "package") return "=package belongs in doc.ts; on a type write =true or =false";
      return undefined;
    },
  },
  {
    name: "k8s:deepcopy-gen:interfaces",
    targets: TYPE,
    repeatable: true,
    payload: { kind: "value", type: "string" },
    help: "Also generate the named interface's copy method for the type (e.g. runtime.Object's deepCopyObject).",
    example: "+k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object",
    family: DEEPCOPY_FAMILY,
  },
  {
    name: "k8s:deepcopy-gen:nonpointer-interfaces",
    targets: TYPE,
    payload: { kind: "value", type: "bool", optional: true },
    help: "Accepted for compatibility with deepcopy-gen; it has no effect in TypeScript.",
    example: "+k8s:deepcopy-gen:nonpointer-interfaces=true",
    family: DEEPCOPY_FAMILY,
  },
  {
    name: "k8s:deepcopy-gen:unknown",
    targets: ANYWHERE,
    payload: { kind: "value", type: { enum: ["json"] } },
    help: "Copy `unknown`/`any` values as JSON data (structuredClone-like) instead of refusing them; on a field, a type or the package.",
    example: "+k8s:deepcopy-gen:unknown=json",
    family: DEEPCOPY_FAMILY,
  },
];
