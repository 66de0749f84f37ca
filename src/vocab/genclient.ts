import { TYPE, type KubeMarkerDefinition } from "./definition.js";

/** Family heading of the client-generation markers. */
export const GENCLIENT_FAMILY = "Typed clients (genclient)";

/** The verbs a generated client may have, as code-generator names them, in the order generated clients list them (the model starts from all of them). */
export const clientVerbs = [
  "create",
  "update",
  "updateStatus",
  "delete",
  "deleteCollection",
  "get",
  "list",
  "watch",
  "patch",
  "apply",
  "applyStatus",
] as const;

function flag(name: string, help: string): KubeMarkerDefinition {
  return { name, targets: TYPE, payload: { kind: "flag" }, help, example: `+${name}`, family: GENCLIENT_FAMILY };
}

/** The `+genclient` family, as code-generator's client-gen reads it. */
export const genclientMarkers: readonly KubeMarkerDefinition[] = [
  flag("genclient", "Generate a typed client (and lister and informer) for this kind."),
  flag("genclient:nonNamespaced", "The kind is cluster-scoped: its client takes no namespace."),
  flag("genclient:noVerbs", "Generate the client type with no verbs (extensions from +genclient:method only)."),
  flag("genclient:noStatus", "Leave out updateStatus and applyStatus even though the kind has a status field."),
  flag("genclient:readonly", "Only get, list and watch."),
  {
    name: "genclient:onlyVerbs",
    targets: TYPE,
    payload: { kind: "value", type: { list: { enum: clientVerbs } } },
    help: "Generate only these verbs (comma- or semicolon-separated).",
    example: "+genclient:onlyVerbs=create,get",
    family: GENCLIENT_FAMILY,
  },
  {
    name: "genclient:skipVerbs",
    targets: TYPE,
    payload: { kind: "value", type: { list: { enum: clientVerbs } } },
    help: "Generate every verb except these (comma- or semicolon-separated).",
    example: "+genclient:skipVerbs=updateStatus,patch",
    family: GENCLIENT_FAMILY,
  },
  {
    name: "genclient:method",
    targets: TYPE,
    repeatable: true,
    payload: {
      kind: "args",
      positional: { name: "name", type: "string", help: "method name on the typed client" },
      args: [
        { name: "verb", type: { enum: clientVerbs }, help: "the verb the method performs" },
        { name: "subresource", type: "string", optional: true, help: "subresource path, e.g. scale" },
        { name: "input", type: "string", optional: true, help: "request body type when not the kind" },
        { name: "result", type: "string", optional: true, help: "response type when not the kind" },
      ],
    },
    help: "An extra client method: its name first, then verb and optionally subresource, input and result types.",
    example: "+genclient:method=GetScale,verb=get,subresource=scale,result=Scale",
    family: GENCLIENT_FAMILY,
  },
];
