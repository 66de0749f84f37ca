/** Diagnostic codes of the marker stage (KCG11xx); docs and tests refer to them by these names. */
export const MarkerCode = {
  unknownMarker: "KCG1101",
  wrongTarget: "KCG1102",
  malformedValue: "KCG1103",
  badList: "KCG1104",
  unknownArgument: "KCG1105",
  missingArgument: "KCG1106",
  repeatedMarker: "KCG1107",
  schemaMisuse: "KCG1108",
  nearNamespace: "KCG1109",
  deprecatedMarker: "KCG1110",
} as const;

/** One row of the diagnostic code table. */
export interface DiagnosticCodeInfo {
  readonly code: string;
  readonly severity: "error" | "warning";
  readonly summary: string;
  readonly example: string;
}

/** Every marker diagnostic code with what it means, for the README and `kube-codegen markers`. */
export const markerDiagnosticCodes: readonly DiagnosticCodeInfo[] = [
  {
    code: MarkerCode.unknownMarker,
    severity: "error",
    summary: "Unknown marker in a known namespace; the hint names the closest declared marker.",
    example: "+kubebuilder:validation:Minimun=1",
  },
  {
    code: MarkerCode.wrongTarget,
    severity: "error",
    summary: "Marker placed on a target it does not describe (package, type or field).",
    example: "+genclient above a property",
  },
  {
    code: MarkerCode.malformedValue,
    severity: "error",
    summary: "Value that does not parse as the marker's payload type (number, bool, enum, JSON, string quoting).",
    example: "+kubebuilder:validation:Minimum=one",
  },
  {
    code: MarkerCode.badList,
    severity: "error",
    summary: "Malformed list or map: unclosed `{`, missing `,` between items, stray `}`.",
    example: "+kubebuilder:validation:Enum={a,b",
  },
  {
    code: MarkerCode.unknownArgument,
    severity: "error",
    summary: "Argument name the marker does not take; the hint names the closest one.",
    example: "+kubebuilder:printcolumn:name=Age,typ=date,JSONPath=.metadata.creationTimestamp",
  },
  {
    code: MarkerCode.missingArgument,
    severity: "error",
    summary: "Required argument or value left out.",
    example: "+kubebuilder:printcolumn:name=Age",
  },
  {
    code: MarkerCode.repeatedMarker,
    severity: "error",
    summary: "Marker that may appear once given more than once on the same target.",
    example: "+kubebuilder:validation:Minimum=1 twice on one field",
  },
  {
    code: MarkerCode.schemaMisuse,
    severity: "error",
    summary: "Marker that does not fit the schema it applies to (Minimum on a string, MinLength on a number ...).",
    example: "+kubebuilder:validation:MinLength=1 on a number",
  },
  {
    code: MarkerCode.nearNamespace,
    severity: "warning",
    summary: "Marker whose namespace looks like a misspelled known namespace; it is ignored.",
    example: "+kubebuiler:validation:Minimum=1",
  },
  {
    code: MarkerCode.deprecatedMarker,
    severity: "warning",
    summary: "Deprecated marker; it still works, the hint names its replacement.",
    example: "+kubebuilder:validation:XPreserveUnknownFields",
  },
];
