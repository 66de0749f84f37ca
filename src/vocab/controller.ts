import type { ArgSpec } from "../markers/index.js";
import { ANYWHERE, type KubeMarkerDefinition } from "./definition.js";

/** Family heading of the markers read from controller sources (the `controllers` option). */
export const CONTROLLER_FAMILY = "Controllers (RBAC and admission webhooks)";

const strings = { list: "string" } as const;

/**
 * controller-gen v0.23's `+kubebuilder:rbac` (pkg/rbac/parser.go, type Rule): one rule of the
 * generated ClusterRole, or of a Role when `namespace` is given.
 */
const rbacArgs: readonly ArgSpec[] = [
  { name: "groups", type: strings, optional: true, help: 'API groups; "" or core for the core group' },
  { name: "resources", type: strings, optional: true, help: "resources, with subresources as pods/status" },
  { name: "resourceNames", type: strings, optional: true, help: "names of the objects the rule is limited to" },
  { name: "verbs", type: strings, help: "verbs (get;list;watch ...), * for all" },
  { name: "urls", type: strings, optional: true, help: "non-resource URLs (/metrics, /healthz ...)" },
  { name: "namespace", type: "string", optional: true, help: "a Role in this namespace instead of the ClusterRole" },
  { name: "roleName", type: "string", optional: true, help: "the Role's or ClusterRole's name instead of the roleName option" },
];

/** controller-gen v0.23's `+kubebuilder:webhook` (pkg/webhook/parser.go, type Config). */
const webhookArgs: readonly ArgSpec[] = [
  { name: "mutating", type: "bool", help: "a mutating webhook; false for a validating one" },
  { name: "failurePolicy", type: "string", help: "Fail or Ignore (any case)" },
  { name: "matchPolicy", type: "string", optional: true, help: "Exact or Equivalent (any case)" },
  { name: "sideEffects", type: "string", optional: true, help: "None or NoneOnDryRun (any case); required in v1" },
  { name: "timeoutSeconds", type: "int", optional: true, help: "1 to 30" },
  { name: "groups", type: strings, help: "API groups; core for the core group" },
  { name: "resources", type: strings, help: "resources, with subresources as pods/status" },
  { name: "verbs", type: strings, help: "create, update, delete, connect or * (any case)" },
  { name: "versions", type: strings, help: "API versions" },
  { name: "name", type: "string", help: "the webhook's name, a domain of three or more segments" },
  { name: "serviceName", type: "string", optional: true, help: "the Service's name (default webhook-service)" },
  { name: "serviceNamespace", type: "string", optional: true, help: "the Service's namespace (default system)" },
  { name: "path", type: "string", optional: true, help: "the path on the Service; exactly one of path and url" },
  { name: "servicePort", type: "int", optional: true, help: "the Service's port (the server's default 443 when left out)" },
  { name: "webhookVersions", type: strings, optional: true, help: "the configuration's API versions: only v1" },
  { name: "admissionReviewVersions", type: strings, help: "AdmissionReview versions, in order of preference" },
  { name: "reinvocationPolicy", type: "string", optional: true, help: "Never or IfNeeded (any case), mutating webhooks only" },
  { name: "url", type: "string", optional: true, help: "an external URL instead of a Service; exactly one of path and url" },
  {
    name: "patch",
    type: "string",
    optional: true,
    help: "a strategic merge patch (JSON, in backticks) of the webhook: namespaceSelector, objectSelector, matchConditions ...",
  },
];

const lower = (v: unknown): string => (typeof v === "string" ? v.toLowerCase() : "");

/**
 * The checks controller-gen makes of one +kubebuilder:webhook before its patch, as an error
 * message in its own words where it has them. With a `patch`, the checks controller-gen makes of
 * the patched webhook (sideEffects, timeoutSeconds, admissionReviewVersions) wait for it: the
 * webhook generator makes them.
 */
function checkWebhook(value: unknown): string | undefined {
  const v = value as Record<string, unknown>;
  const has = (k: string): boolean => typeof v[k] === "string" && v[k] !== "";
  if (has("path") === has("url")) return "`url` or `path` markers are required and mutually exclusive";
  if (v.matchPolicy !== undefined && v.matchPolicy !== "" && !["exact", "equivalent"].includes(lower(v.matchPolicy)))
    return `unknown value ${JSON.stringify(v.matchPolicy)} for matchPolicy`;
  for (const w of (v.webhookVersions as string[] | undefined) ?? []) if (w !== "v1") return `unsupported webhook version: ${w}`;
  if (v.patch !== undefined) return undefined;
  if (!["none", "noneondryrun", "some"].includes(lower(v.sideEffects)))
    return "SideEffects is required for creating v1 {Mutating,Validating}WebhookConfiguration (None or NoneOnDryRun)";
  if (lower(v.sideEffects) === "some")
    return "SideEffects should not be set to `Some` or `Unknown` for v1 {Mutating,Validating}WebhookConfiguration";
  const timeout = v.timeoutSeconds as number | undefined;
  if (timeout !== undefined && timeout !== 0 && (timeout < 1 || timeout > 30)) return "TimeoutSeconds must be between 1 and 30 seconds";
  if (((v.admissionReviewVersions as string[] | undefined) ?? []).length === 0)
    return "AdmissionReviewVersions is mandatory for v1 {Mutating,Validating}WebhookConfiguration";
  return undefined;
}

/**
 * The markers the `rbac` and `webhook` generators read. controller-gen reads them as package
 * markers, from any comment of a package's files; here they are read from the controller sources
 * the `controllers` option names, on any comment line. Declared for every target so that API
 * packages copied from Go, where they sometimes sit above a type, still parse (there they have no effect).
 */
export const controllerMarkers: readonly KubeMarkerDefinition[] = [
  {
    name: "kubebuilder:rbac",
    targets: ANYWHERE,
    payload: { kind: "args", args: rbacArgs },
    help: "An RBAC rule of config/rbac/role.yaml: a rule of the ClusterRole (named by the roleName option), or of a Role in `namespace`. Rules for the same groups, resources, names and URLs are merged, as controller-gen merges them. Read from the controller sources (the `controllers` option), on any comment line; in API packages it parses but generates nothing.",
    example: "+kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list;watch",
    family: CONTROLLER_FAMILY,
    repeatable: true,
  },
  {
    name: "kubebuilder:webhook",
    targets: ANYWHERE,
    payload: { kind: "args", args: webhookArgs },
    help: "A webhook of config/webhook/manifests.yaml: of the MutatingWebhookConfiguration when `mutating=true`, else of the ValidatingWebhookConfiguration; webhooks are sorted by name. Read from the controller sources (the `controllers` option), on any comment line; in API packages it parses but generates nothing.",
    example:
      "+kubebuilder:webhook:path=/validate-example-com-v1-widget,mutating=false,failurePolicy=fail,sideEffects=None,groups=example.com,resources=widgets,verbs=create;update,versions=v1,name=vwidget.example.com,admissionReviewVersions=v1",
    family: CONTROLLER_FAMILY,
    repeatable: true,
    check: checkWebhook,
  },
  {
    name: "kubebuilder:webhookconfiguration",
    targets: ANYWHERE,
    payload: {
      kind: "args",
      args: [
        { name: "mutating", type: "bool", help: "names the MutatingWebhookConfiguration; false for the validating one" },
        { name: "name", type: "string", optional: true, help: "the configuration's name" },
      ],
    },
    help: "The name of the generated MutatingWebhookConfiguration (`mutating=true`) or ValidatingWebhookConfiguration instead of mutating-webhook-configuration or validating-webhook-configuration.",
    example: "+kubebuilder:webhookconfiguration:mutating=true,name=my-mutating-webhook-configuration",
    family: CONTROLLER_FAMILY,
    repeatable: true,
  },
];
