import { TYPE, type KubeMarkerDefinition } from "./definition.js";

/** Family heading of the printer-column and selectable-field markers. */
export const COLUMNS_FAMILY = "kubectl columns and field selectors";

/** Column types kubectl understands. */
export const columnTypes = ["integer", "number", "string", "boolean", "date"] as const;

/** `+kubebuilder:printcolumn` and `+kubebuilder:selectablefield`. */
export const printColumnMarkers: readonly KubeMarkerDefinition[] = [
  {
    name: "kubebuilder:printcolumn",
    targets: TYPE,
    repeatable: true,
    payload: {
      kind: "args",
      args: [
        { name: "name", type: "string", help: "column header" },
        { name: "type", type: { enum: columnTypes }, help: "integer, number, string, boolean or date" },
        { name: "JSONPath", type: "string", help: "JSON path of the value, e.g. .status.phase" },
        { name: "description", type: "string", optional: true, help: "help text of the column" },
        { name: "format", type: "string", optional: true, help: "OpenAPI format of the value" },
        { name: "priority", type: "int", optional: true, help: "0 shows it always; higher only with -o wide" },
      ],
    },
    help: "An extra column for kubectl get; columns keep the markers' order.",
    example: '+kubebuilder:printcolumn:name="Age",type=date,JSONPath=`.metadata.creationTimestamp`',
    family: COLUMNS_FAMILY,
    check: (value) => {
      const p = (value as { priority?: number }).priority;
      return p !== undefined && p < 0 ? `priority must not be negative, got ${p}` : undefined;
    },
  },
  {
    name: "kubebuilder:selectablefield",
    targets: TYPE,
    repeatable: true,
    payload: { kind: "args", args: [{ name: "JSONPath", type: "string", help: "JSON path of a string, integer or boolean field" }] },
    help: "A field that clients may use in field selectors.",
    example: "+kubebuilder:selectablefield:JSONPath=`.spec.color`",
    family: COLUMNS_FAMILY,
  },
];
