import { Code, errorAt, type Diagnostic, type SourcePos } from "../diagnostics/index.js";
import { isMarkerLine, lineComments, parseMarkers, writtenMarkerName, type MarkerRegistry } from "../markers/index.js";
import { CONTROLLER_FAMILY } from "../vocab/index.js";

/** One `+kubebuilder:rbac` marker as written (controller-gen's rbac.Rule), with where it sits. */
export interface RbacMarker {
  readonly groups?: readonly string[];
  readonly resources?: readonly string[];
  readonly resourceNames?: readonly string[];
  readonly verbs: readonly string[];
  readonly urls?: readonly string[];
  readonly namespace?: string;
  readonly roleName?: string;
  readonly pos: SourcePos;
}

/** One `+kubebuilder:webhook` marker as written (controller-gen's webhook.Config), already checked. */
export interface WebhookMarker {
  readonly mutating: boolean;
  readonly failurePolicy: string;
  readonly matchPolicy?: string;
  readonly sideEffects?: string;
  readonly timeoutSeconds?: number;
  readonly groups: readonly string[];
  readonly resources: readonly string[];
  readonly verbs: readonly string[];
  readonly versions: readonly string[];
  readonly name: string;
  readonly serviceName?: string;
  readonly serviceNamespace?: string;
  readonly path?: string;
  readonly servicePort?: number;
  readonly admissionReviewVersions: readonly string[];
  readonly reinvocationPolicy?: string;
  readonly url?: string;
  /** A strategic merge patch of the webhook, as JSON text. */
  readonly patch?: string;
  readonly pos: SourcePos;
}

/** What the controller sources say: their RBAC rules, webhooks and configuration names, in source order. */
export interface ControllerModel {
  readonly rbac: readonly RbacMarker[];
  readonly webhooks: readonly WebhookMarker[];
  /** The names `+kubebuilder:webhookconfiguration` gives the two configurations (absent: the default). */
  readonly mutatingConfigName?: string;
  readonly validatingConfigName?: string;
}

/**
 * Reads the controller markers of each source file: every `//` comment line counts, as any comment
 * of a Go package counts for controller-gen's package markers. Markers of the other families
 * (an API type's markers in a file both declare) are left to the API packages, and markers of
 * other namespaces alone; an unknown marker in a known namespace or a bad value is a positioned error.
 */
export function buildControllerModel(
  files: readonly { readonly display: string; readonly text: string }[],
  registry: MarkerRegistry,
): { model: ControllerModel; diagnostics: Diagnostic[] } {
  const rbac: RbacMarker[] = [];
  const webhooks: WebhookMarker[] = [];
  const diagnostics: Diagnostic[] = [];
  const configs: { mutating: boolean; name: string; pos: SourcePos }[] = [];
  for (const f of files) {
    const lines = lineComments(f.text, f.display).filter((l) => {
      if (!isMarkerLine(l.text)) return false;
      const name = writtenMarkerName(l.text.trim());
      const def = name === undefined ? undefined : registry.resolve(name)?.def;
      return def === undefined || (def as { family?: string }).family === CONTROLLER_FAMILY;
    });
    const parsed = parseMarkers(lines, "package", registry);
    diagnostics.push(...parsed.diagnostics);
    for (const m of parsed.markers) {
      const v = m.value as Record<string, unknown>;
      if (m.name === "kubebuilder:rbac") rbac.push({ ...(v as Omit<RbacMarker, "pos">), pos: m.pos });
      else if (m.name === "kubebuilder:webhook") webhooks.push({ ...(v as Omit<WebhookMarker, "pos">), pos: m.pos });
      else if (m.name === "kubebuilder:webhookconfiguration")
        configs.push({ mutating: v.mutating as boolean, name: (v.name as string | undefined) ?? "", pos: m.pos });
    }
  }
  const names: { mutating?: string; validating?: string } = {};
  for (const kind of ["mutating", "validating"] as const) {
    const mine = configs.filter((c) => c.mutating === (kind === "mutating"));
    const [first, ...more] = mine;
    for (const c of more)
      diagnostics.push(
        errorAt(
          c.pos,
          Code.duplicateWebhookConfiguration,
          `duplicate ${kind} kubebuilder:webhookconfiguration with name ${c.name} (the first at ${first!.pos.file}:${first!.pos.line})`,
          `keep one +kubebuilder:webhookconfiguration:mutating=${String(kind === "mutating")} among the controller sources`,
        ),
      );
    // controller-gen names a configuration only when the marker gives a name.
    if (first && first.name !== "") names[kind] = first.name;
  }
  return {
    model: {
      rbac,
      webhooks,
      ...(names.mutating !== undefined ? { mutatingConfigName: names.mutating } : {}),
      ...(names.validating !== undefined ? { validatingConfigName: names.validating } : {}),
    },
    diagnostics,
  };
}
