// The files `kube-codegen create webhook` writes for a kind, as kubebuilder's create webhook: the
// webhook source under internal/webhook/<version>/ (a CustomDefaulter and a CustomValidator of
// the runtime with kubebuilder's +kubebuilder:webhook markers, so `generate` writes
// config/webhook/manifests.yaml; with --conversion the kind's conversions through its hub) and
// its setup on the Manager, its test, config/webhook's kustomization and Service, and for
// --conversion the CRD patch that turns the conversion webhook on. Pure functions of checked
// names (scaffold/names.ts).
import { hubTableName } from "../../generators/conversion/names.js";
import { apiDirOf, apiGroupOf, type ApiValues } from "./api-files.js";
import { certificateYaml } from "./init-files.js";

/** What the webhook templates are given: the kind, and which webhooks it gets. */
export interface WebhookValues extends ApiValues {
  readonly projectName: string;
  readonly defaulting: boolean;
  readonly validation: boolean;
  /** The spoke versions converting through this version (the hub); empty without --conversion. */
  readonly spokes: readonly string[];
}

/** The directory of a version's webhooks (kubebuilder's internal/webhook/<version>). */
export const webhookDirOf = (v: Pick<ApiValues, "version">): string => `internal/webhook/${v.version}`;
/** The webhook's file. */
export const webhookFileOf = (v: ApiValues): string => `${webhookDirOf(v)}/${v.names.lower}-webhook.ts`;
/** Its test's file. */
export const webhookTestFileOf = (v: ApiValues): string => `${webhookDirOf(v)}/${v.names.lower}-webhook.test.ts`;
/** The setup function cmd/main.ts calls; the version is in its name, as a kind may have webhooks in several. */
export const webhookSetupFunctionOf = (v: ApiValues): string =>
  `setup${v.names.kind}Webhook${v.version.charAt(0).toUpperCase()}${v.version.slice(1)}`;
/** The CRD patch that turns its conversion webhook on (kubebuilder's webhook_in_<plural>.yaml), relative to config/crd. */
export const conversionPatchOf = (v: ApiValues): string => `patches/webhook_in_${v.names.plural}.yaml`;

/** The directory controller sources are read from for the webhooks' markers (kube-codegen.config.json's `controllers`). */
export const WEBHOOK_SOURCES = "internal/webhook";

/** The scaffold marker in config/crd/kustomization.yaml where create webhook adds a CRD patch (kubebuilder's). */
export const CRD_WEBHOOK_PATCH_MARKER = "#+kubebuilder:scaffold:crdkustomizewebhookpatch";

/** The import and the call create webhook adds to cmd/main.ts: off with ENABLE_WEBHOOKS=false, as kubebuilder's main.go. */
export function webhookMainLines(v: ApiValues): { importLine: string; setupLine: string } {
  const setup = webhookSetupFunctionOf(v);
  return {
    importLine: `import { ${setup} } from "../internal/webhook/${v.version}/${v.names.lower}-webhook.js";`,
    setupLine: `if (process.env["ENABLE_WEBHOOKS"] !== "false") ${setup}(mgr);`,
  };
}

/** The path part of a webhook's path: the group with dots as dashes, the version, the kind in lower case. */
const pathPart = (v: ApiValues): string => `${apiGroupOf(v).replaceAll(".", "-")}-${v.version}-${v.names.lower}`;

/** The mutating webhook's marker, kubebuilder's values. */
export function mutatingMarker(v: ApiValues): string {
  return `// +kubebuilder:webhook:path=/mutate-${pathPart(v)},mutating=true,failurePolicy=fail,sideEffects=None,groups=${apiGroupOf(v)},resources=${v.names.plural},verbs=create;update,versions=${v.version},name=m${v.names.lower}-${v.version}.kb.io,admissionReviewVersions=v1`;
}

/** The validating webhook's marker, kubebuilder's values. */
export function validatingMarker(v: ApiValues): string {
  return `// +kubebuilder:webhook:path=/validate-${pathPart(v)},mutating=false,failurePolicy=fail,sideEffects=None,groups=${apiGroupOf(v)},resources=${v.names.plural},verbs=create;update,versions=${v.version},name=v${v.names.lower}-${v.version}.kb.io,admissionReviewVersions=v1`;
}

export function webhookFile(v: WebhookValues): string {
  const { kind, camel } = v.names;
  const types = `../../../${apiDirOf(v)}`;
  const conversion = v.spokes.length > 0;
  const runtimeTypes = ["Manager"];
  if (v.defaulting) runtimeTypes.push("CustomDefaulter");
  if (v.validation) runtimeTypes.push("CustomValidator", "Warnings");
  runtimeTypes.sort();
  const parts: string[] = [];
  const owned = [v.defaulting ? "the defaulter" : "", v.validation ? "the validator" : ""].filter((s) => s !== "");
  const edit =
    owned.length > 0
      ? `EDIT THIS FILE: ${owned.join(" and ")} below ${owned.length > 1 ? "are skeletons" : "is a skeleton"} for you to own.`
      : "The conversions it serves are generated into the hub's package by npm run codegen.";
  const manifests =
    owned.length > 0 ? "// `npm run codegen` writes config/webhook/manifests.yaml from the +kubebuilder:webhook markers below.\n" : "";
  parts.push(`// The ${kind} webhooks of ${v.version}. ${edit}
${manifests}import { newWebhookManagedBy } from "@kube-codegen/runtime";
import type { ${runtimeTypes.join(", ")} } from "@kube-codegen/runtime";
${v.defaulting || v.validation ? `import type { ${kind} } from "${types}/${v.names.lower}_types.js";\n` : ""}${
    conversion ? `import { ${hubTableName(kind)} } from "${types}/zz_generated.conversion.js";\n` : ""
  }import { ${camel}Registration } from "${types}/zz_generated.register.js";
`);
  if (v.defaulting)
    parts.push(`
${mutatingMarker(v)}

/**
 * Sets default values on ${kind} objects when they are created or updated (kubebuilder's
 * ${kind}CustomDefaulter). Change the object in place: the webhook answers with the JSON Patch from
 * the object sent to the object defaulted. Throw to deny the request. A second parameter, the
 * AdmissionRequest, says who asks and whether it is a dry run.
 */
export class ${kind}Defaulter implements CustomDefaulter<${kind}> {
  default(obj: ${kind}): void {
    // TODO(user): fill in your defaulting logic, such as: obj.spec.foo ??= "bar";
  }
}
`);
  if (v.validation)
    parts.push(`
// TODO(user): change verbs to "verbs=create;update;delete" if you want to enable deletion validation.
${validatingMarker(v)}

/**
 * Validates ${kind} objects when they are created, updated or deleted (kubebuilder's
 * ${kind}CustomValidator). Return warnings (kubectl prints them) and throw to deny: an ApiError
 * (such as newInvalid's) is answered with its Status, any other error as 403 Forbidden with its
 * message. Each method's last parameter may be the AdmissionRequest (who asks, a dry run or not).
 */
export class ${kind}Validator implements CustomValidator<${kind}> {
  validateCreate(obj: ${kind}): Warnings {
    // TODO(user): fill in your validation logic upon object creation.
    return [];
  }

  validateUpdate(oldObj: ${kind}, newObj: ${kind}): Warnings {
    // TODO(user): fill in your validation logic upon object update.
    return [];
  }

  validateDelete(obj: ${kind}): Warnings {
    // TODO(user): fill in your validation logic upon object deletion (the marker's verbs must include delete).
    return [];
  }
}
`);
  const chain = [
    `  newWebhookManagedBy(mgr)`,
    `    .for${v.defaulting || v.validation ? `<${kind}>` : ""}(${camel}Registration)`,
    ...(v.defaulting ? [`    .withDefaulter(new ${kind}Defaulter())`] : []),
    ...(v.validation ? [`    .withValidator(new ${kind}Validator())`] : []),
    ...(conversion ? [`    .withConversion(${hubTableName(kind)})`] : []),
    `    .complete();`,
  ];
  const conversionDoc = conversion
    ? `
 *
 * ${v.version} is the hub of ${kind}'s conversions: ${v.spokes.join(", ")} convert${v.spokes.length === 1 ? "s" : ""} through it
 * (+k8s:conversion-gen=${v.version} in ${v.spokes.length === 1 ? "its" : "their"} doc.ts). \`npm run codegen\` writes
 * ${hubTableName(kind)} where the versions' fields match; for a field that does not, write the
 * convert_ function it names in the spoke's package.`
    : "";
  parts.push(`
/**
 * Registers the ${kind} webhooks of ${v.version} on the manager's webhook server (kubebuilder's
 * Setup${kind}WebhookWithManager); cmd/main.ts calls it.${conversionDoc}
 */
export function ${webhookSetupFunctionOf(v)}(mgr: Manager): void {
${chain.join("\n")}
}
`);
  return parts.join("");
}

export function webhookTestFile(v: WebhookValues): string {
  const { kind } = v.names;
  const types = `../../../${apiDirOf(v)}`;
  const group = apiGroupOf(v);
  const admission = v.defaulting || v.validation;
  const conversion = v.spokes.length > 0;
  const runtime = [
    ...(conversion ? ["Converter"] : []),
    ...(v.defaulting ? ["defaultingHandler"] : []),
    ...(v.validation ? ["validatingHandler"] : []),
    ...(admission ? ["type AdmissionRequest"] : []),
  ];
  const classes = [...(v.defaulting ? [`${kind}Defaulter`] : []), ...(v.validation ? [`${kind}Validator`] : [])];
  const namespaceLine = v.namespaced ? `\n      namespace: "default",` : "";
  const parts: string[] = [];
  parts.push(`// The ${kind} webhooks of ${v.version}${admission ? " through the runtime's handlers, as the webhook server calls\n// them with the API server's AdmissionRequests" : ""}${
    conversion ? `${admission ? ";\n// and" : ":"} the conversions through the hub, as the webhook server answers ConversionReviews` : ""
  }.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ${runtime.join(", ")} } from "@kube-codegen/runtime";
import type { ${kind} } from "${types}/${v.names.lower}_types.js";
${conversion ? `import { ${hubTableName(kind)} } from "${types}/zz_generated.conversion.js";\n` : ""}${
    classes.length > 0 ? `import { ${classes.join(", ")} } from "./${v.names.lower}-webhook.js";\n` : ""
  }
function sample(): ${kind} {
  return {
    apiVersion: "${group}/${v.version}",
    kind: "${kind}",
    metadata: {
      name: "${v.names.lower}-sample",${namespaceLine}
    },
    spec: { foo: "bar" },
  };
}
`);
  if (admission)
    parts.push(`
function request(operation: AdmissionRequest["operation"], object: ${kind} | null, oldObject: ${kind} | null = null): AdmissionRequest {
  return {
    uid: "a-request",
    kind: { group: "${group}", version: "${v.version}", kind: "${kind}" },
    resource: { group: "${group}", version: "${v.version}", resource: "${v.names.plural}" },
    name: "${v.names.lower}-sample",${v.namespaced ? `\n    namespace: "default",` : ""}
    operation,
    userInfo: { username: "a-user" },
    object,
    oldObject,
  };
}
`);
  if (v.defaulting)
    parts.push(`
test("the defaulter admits the sample ${kind}", async () => {
  const response = await defaultingHandler(new ${kind}Defaulter())(request("CREATE", sample()));
  assert.equal(response.allowed, true);
  // TODO(user): assert your defaults: response.patches is the JSON Patch the API server applies.
  assert.deepEqual(response.patches ?? [], []);
});
`);
  if (v.validation)
    parts.push(`
test("the validator admits the sample ${kind} on create, update and delete", async () => {
  const handler = validatingHandler(new ${kind}Validator());
  for (const r of [request("CREATE", sample()), request("UPDATE", sample(), sample()), request("DELETE", null, sample())]) {
    const response = await handler(r);
    assert.equal(response.allowed, true, r.operation);
  }
  // TODO(user): a test for each object your validator denies: response.allowed is false and
  // response.status?.message says why.
});
`);
  if (conversion)
    parts.push(`
test("the sample ${kind} converts to ${v.spokes.join(", ")} and back unchanged", () => {
  const converter = new Converter([${hubTableName(kind)}]);
  for (const spoke of ${JSON.stringify(v.spokes)}) {
    const there = converter.convert(sample(), \`${group}/\${spoke}\`);
    assert.equal(there.apiVersion, \`${group}/\${spoke}\`);
    assert.deepEqual(converter.convert(there, "${group}/${v.version}"), sample(), spoke);
  }
  // TODO(user): a test for each field your convert_ functions map between the versions.
});
`);
  return parts.join("");
}

/** The scaffold marker in config/webhook/kustomization.yaml where create webhook adds the generated manifests. */
export const WEBHOOK_KUSTOMIZE_MARKER = "#+kubebuilder:scaffold:webhookkustomizeresource";
/** The line of the generated webhook configurations, listed once a defaulting or validating webhook makes them. */
export const WEBHOOK_MANIFESTS_LINE = "- manifests.yaml";

/**
 * config/webhook/kustomization.yaml: the webhook configurations kube-codegen generates from the
 * +kubebuilder:webhook markers and the Service the API server calls. A project whose only webhook
 * converts has no such markers, so no manifests.yaml to list: create webhook adds the line when a
 * defaulting or validating webhook comes.
 */
export function webhookKustomization(admission: boolean): string {
  return `# The webhook configurations kube-codegen generates from the +kubebuilder:webhook markers
# (npm run codegen) and the Service they name.
resources:
${admission ? `${WEBHOOK_MANIFESTS_LINE}\n` : ""}- service.yaml
${WEBHOOK_KUSTOMIZE_MARKER}
`;
}

/** config/webhook/service.yaml: kubebuilder's webhook-service, to the manager's webhook server on 9443. */
export function webhookServiceFile(v: Pick<WebhookValues, "projectName">): string {
  return `apiVersion: v1
kind: Service
metadata:
  labels:
    app.kubernetes.io/name: ${v.projectName}
    app.kubernetes.io/managed-by: kustomize
  name: webhook-service
  namespace: system
spec:
  ports:
    - port: 443
      protocol: TCP
      targetPort: 9443
  selector:
    control-plane: controller-manager
`;
}

/** config/crd/patches/webhook_in_<plural>.yaml: the CRD's conversion by the webhook at /convert (kubebuilder's). */
export function conversionPatchFile(v: ApiValues): string {
  return `# The following patch enables a conversion webhook for the CRD
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: ${v.names.plural}.${apiGroupOf(v)}
spec:
  conversion:
    strategy: Webhook
    webhook:
      clientConfig:
        service:
          namespace: system
          name: webhook-service
          path: /convert
      conversionReviewVersions:
      - v1
`;
}

/** config/crd/kustomizeconfig.yaml: kustomize's namePrefix and namespace reach the conversion webhook's Service (kubebuilder's). */
export const CRD_KUSTOMIZECONFIG = `# Teaches kustomize to substitute the name and namespace of the Service in a CRD's conversion webhook.
nameReference:
- kind: Service
  version: v1
  fieldSpecs:
  - kind: CustomResourceDefinition
    version: v1
    group: apiextensions.k8s.io
    path: spec/conversion/webhook/clientConfig/service/name

namespace:
- kind: CustomResourceDefinition
  version: v1
  group: apiextensions.k8s.io
  path: spec/conversion/webhook/clientConfig/service/namespace
  create: false
`;

// cert-manager's serving certificate for the webhooks, as kubebuilder wires it: a Certificate for
// the webhook Service's DNS names, from the self-signed Issuer of config/certmanager (which init
// writes with the metrics server's certificate), whose Secret the manager mounts where its webhook
// server reads it, and
// cert-manager's CA injector told (by an annotation kustomize fills in) to put the certificate's
// CA into the webhook configurations and the CRDs that convert.

/** The webhooks' Certificate's file in config/certmanager. */
export const WEBHOOK_CERTIFICATE = "certificate-webhook.yaml";

/** config/certmanager/certificate-webhook.yaml: the serving certificate (kubebuilder's serving-cert). */
export function certificateFile(v: Pick<WebhookValues, "projectName">): string {
  return certificateYaml(v, {
    header: `# The webhook server's certificate, kept by cert-manager in the Secret webhook-server-cert, which
# config/default/manager_webhook_patch.yaml mounts where the manager's webhook server reads it.`,
    name: "serving-cert",
    secretName: "webhook-server-cert",
    service: "webhook",
    replacements: "replacements",
  });
}

/**
 * config/default/manager_webhook_patch.yaml: the manager's webhook server port and the certificate's
 * Secret mounted where the runtime's WebhookServer reads tls.crt and tls.key. A strategic merge patch
 * (containers by name, ports by number, mounts by path, volumes by name), so it applies whether or
 * not the Deployment has any yet.
 */
export const MANAGER_WEBHOOK_PATCH = `# The manager's webhook server: its port, and the serving certificate's Secret mounted where it
# reads tls.crt and tls.key (the runtime's WebhookServer default, /tmp/k8s-webhook-server/serving-certs).
apiVersion: apps/v1
kind: Deployment
metadata:
  name: controller-manager
  namespace: system
spec:
  template:
    spec:
      containers:
      - name: manager
        ports:
        - containerPort: 9443
          name: webhook-server
          protocol: TCP
        volumeMounts:
        - mountPath: /tmp/k8s-webhook-server/serving-certs
          name: webhook-certs
          readOnly: true
      volumes:
      - name: webhook-certs
        secret:
          secretName: webhook-server-cert
`;

/** The lines create webhook adds to config/default/kustomization.yaml's resources and patches. */
export const DEFAULT_WEBHOOK_RESOURCES = ["- ../webhook", "- ../certmanager"];
export const DEFAULT_WEBHOOK_PATCH = ["- path: manager_webhook_patch.yaml"];

/** The serving certificate, as a replacement's source or target selects it. */
const SERVING_CERT = ["kind: Certificate", "group: cert-manager.io", "version: v1", "name: serving-cert"];

/**
 * Kustomize replacements, one per field of the `source` object's metadata: the field's value into
 * part `index` (the field's place in `fields`) of each of `fieldPaths`, split on `delimiter`, in
 * the objects `select` picks.
 */
function replacements(
  source: readonly string[],
  fields: readonly string[],
  select: readonly string[],
  fieldPaths: readonly string[],
  delimiter: string,
): string[] {
  return fields.flatMap((field, index) => [
    "- source:",
    ...source.map((l) => `    ${l}`),
    `    fieldPath: .metadata.${field}`,
    "  targets:",
    "  - select:",
    ...select.map((l) => `      ${l}`),
    "    fieldPaths:",
    ...fieldPaths.map((p) => `    - ${p}`),
    "    options:",
    `      delimiter: '${delimiter}'`,
    `      index: ${index}`,
    "      create: true",
  ]);
}

/** The Service's name and namespace, each into its part of both of the Certificate's DNS names. */
export const CERTIFICATE_DNS_REPLACEMENTS: readonly string[] = replacements(
  ["kind: Service", "version: v1", "name: webhook-service"],
  ["name", "namespace"],
  SERVING_CERT,
  [".spec.dnsNames.0", ".spec.dnsNames.1"],
  ".",
);

/**
 * The Certificate's namespace and name into cert-manager's inject-ca-from annotation
 * (NAMESPACE/NAME) of the objects `select` picks: a webhook configuration kind, or a CRD by name.
 */
export function caInjectionReplacements(select: readonly string[]): string[] {
  return replacements(SERVING_CERT, ["namespace", "name"], select, [".metadata.annotations.[cert-manager.io/inject-ca-from]"], "/");
}
