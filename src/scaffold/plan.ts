// What `init`, `create api` and `create webhook` would do, decided before anything is written: the files to create
// (each must not exist) and the files to change at their scaffold markers (PROJECT, cmd/main.ts,
// config/crd/kustomization.yaml; for create webhook also kube-codegen.config.json and, with
// --conversion, the hub's types and the spokes' doc.ts). Pure: the caller passes what the disk holds (`read`) and
// writes the plan only when it has no error.
import { basename } from "node:path";
import { Code, errorAt, warningAt, type Diagnostic } from "../diagnostics/index.js";
import { checkDomain, checkGroup, checkKind, checkOwner, checkProjectName, checkVersion, kindNames, type NameCheck } from "./names.js";
import { PROJECT_FILE, formatProject, parseProject, type Project } from "./project-file.js";
import { apiDirOf, apiGroupOf, crdFileOf, docFile, sampleFile, typesFile, type ApiValues } from "./templates/api-files.js";
import {
  CONTROLLER_SOURCES,
  controllerFile,
  controllerFileOf,
  controllerTestFile,
  controllerTestFileOf,
  mainLines,
} from "./templates/controller-files.js";
import {
  BUILDER_MARKER,
  CERTMANAGER_ISSUER_LINE,
  CERTMANAGER_KUSTOMIZECONFIG,
  certmanagerKustomization,
  CRD_KUSTOMIZE_MARKER,
  DEFAULT_PATCH_MARKER,
  DEFAULT_REPLACEMENT_MARKER,
  DEFAULT_RESOURCE_MARKER,
  IMPORTS_MARKER,
  initFiles,
  issuerFile,
  type ScaffoldVersions,
} from "./templates/init-files.js";
import {
  CRD_KUSTOMIZECONFIG,
  CRD_WEBHOOK_PATCH_MARKER,
  WEBHOOK_KUSTOMIZE_MARKER,
  WEBHOOK_MANIFESTS_LINE,
  webhookKustomization,
  WEBHOOK_SOURCES,
  conversionPatchFile,
  conversionPatchOf,
  caInjectionReplacements,
  certificateFile,
  CERTIFICATE_DNS_REPLACEMENTS,
  DEFAULT_WEBHOOK_PATCH,
  DEFAULT_WEBHOOK_RESOURCES,
  MANAGER_WEBHOOK_PATCH,
  WEBHOOK_CERTIFICATE,
  webhookFile,
  webhookFileOf,
  webhookMainLines,
  webhookServiceFile,
  webhookTestFile,
  webhookTestFileOf,
  type WebhookValues,
} from "./templates/webhook-files.js";

/** A file's text on disk, undefined when there is none (`null` when the path is not a file). */
export type ReadFile = (path: string) => string | undefined | null;

/** The outcome: files to write (new or changed), and the diagnostics; nothing to write when any is an error. */
export interface ScaffoldPlan {
  readonly write: ReadonlyMap<string, string>;
  readonly diagnostics: readonly Diagnostic[];
}

const ARGS = { file: "<command line>", line: 1, col: 1 };

function checked(flag: string, value: string, check: NameCheck, out: Diagnostic[]): void {
  const why = check(value);
  if (why !== undefined) out.push(errorAt(ARGS, Code.scaffoldBadName, `${flag} ${JSON.stringify(value)} ${why}`));
}

// New files must not exist: every one in the way is named, and nothing is written.
function refuseExisting(paths: Iterable<string>, read: ReadFile, out: Diagnostic[]): void {
  for (const p of paths) {
    const text = read(p);
    if (text !== undefined)
      out.push(
        errorAt(
          { file: p, line: 1, col: 1 },
          Code.scaffoldWouldOverwrite,
          `${p} already exists${text === null ? " (and is not a file)" : ""}; kube-codegen never replaces a file`,
          "move it away, or scaffold into an empty directory",
        ),
      );
  }
}

/** The flags of `init`. */
export interface InitArgs {
  readonly domain: string;
  readonly owner: string;
  /** The project directory (its base name is the project's name unless projectName is given). */
  readonly dir: string;
  readonly projectName?: string;
  readonly year: number;
  readonly versions: ScaffoldVersions;
}

/** `kube-codegen init`: a new project in `dir`. */
export function planInit(args: InitArgs, read: ReadFile): ScaffoldPlan {
  const diagnostics: Diagnostic[] = [];
  const projectName = args.projectName ?? basename(args.dir);
  checked("--domain", args.domain, checkDomain, diagnostics);
  checked("--owner", args.owner, checkOwner, diagnostics);
  checked("--project-name (or the directory's name)", projectName, checkProjectName, diagnostics);
  if (diagnostics.length > 0) return { write: new Map(), diagnostics };
  const write = new Map(initFiles({ domain: args.domain, projectName, owner: args.owner, year: args.year, versions: args.versions }));
  write.set(PROJECT_FILE, formatProject({ domain: args.domain, projectName, resources: [] }));
  refuseExisting([...write.keys()].sort(), read, diagnostics);
  return { write: diagnostics.length > 0 ? new Map() : write, diagnostics };
}

/** The flags of `create api`. */
export interface CreateApiArgs {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  readonly namespaced: boolean;
  readonly controller: boolean;
}

// Adds `lines` above the marker line (each at the marker's indentation), as kubebuilder inserts;
// undefined when the marker is gone.
function insertAbove(text: string, marker: string, lines: readonly string[]): string | undefined {
  const all = text.split("\n");
  const at = all.findIndex((l) => l.trim() === marker.trim());
  if (at < 0) return undefined;
  const indent = /^\s*/.exec(all[at] ?? "")?.[0] ?? "";
  const fresh = lines.filter((l) => !all.some((x) => x.trim() === l.trim()));
  all.splice(at, 0, ...fresh.map((l) => indent + l));
  return all.join("\n");
}

// Adds the block `lines` above the marker line (at its indentation) unless the text holds it
// already, whole and in order; undefined when the marker is gone.
function insertBlockAbove(text: string, marker: string, lines: readonly string[]): string | undefined {
  const all = text.split("\n");
  const at = all.findIndex((l) => l.trim() === marker.trim());
  if (at < 0) return undefined;
  const indent = /^\s*/.exec(all[at] ?? "")?.[0] ?? "";
  const block = lines.map((l) => indent + l);
  if (`\n${text}\n`.includes(`\n${block.join("\n")}\n`)) return text;
  all.splice(at, 0, ...block);
  return all.join("\n");
}

// The PROJECT file, or undefined with the error pushed.
function readProject(read: ReadFile, diagnostics: Diagnostic[]): Project | undefined {
  const projectText = read(PROJECT_FILE);
  if (typeof projectText !== "string") {
    diagnostics.push(
      errorAt(
        ARGS,
        Code.scaffoldNoProject,
        "there is no PROJECT file here",
        "run kube-codegen init --domain DOMAIN first, in this directory",
      ),
    );
    return undefined;
  }
  const parsed = parseProject(projectText);
  if (!("error" in parsed)) return parsed;
  diagnostics.push(errorAt({ file: PROJECT_FILE, line: 1, col: 1 }, Code.scaffoldNoProject, `PROJECT cannot be read: ${parsed.error}`));
  return undefined;
}

/** `kube-codegen create api`: a kind (and its controller) in the project in the current directory. */
/**
 * Adds `source` to the config's `controllers` (the sources generate reads RBAC and webhook markers
 * from) unless it, or `internal`, is there already. Only a command that writes into `source` adds it:
 * a configured folder that does not exist is an error to generate.
 */
function addControllerSource(
  source: string,
  read: ReadFile,
  write: Map<string, string>,
  byHand: (path: string, what: string, lines: readonly string[]) => void,
): void {
  const config = write.get("kube-codegen.config.json") ?? read("kube-codegen.config.json");
  let parsed: unknown;
  try {
    parsed = typeof config === "string" ? JSON.parse(config) : undefined;
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    byHand("kube-codegen.config.json", "is not a JSON object", [`"controllers": ["${source}"]`]);
    return;
  }
  const c = parsed as Record<string, unknown>;
  const now = c["controllers"];
  const list: unknown[] = typeof now === "string" ? [now] : Array.isArray(now) ? (now as unknown[]) : [];
  const names = list.map((x) => (typeof x === "string" ? x.replace(/^\.\//, "").replace(/\/+$/, "") : x));
  if (names.includes(source) || names.includes("internal")) return;
  c["controllers"] = list.length === 0 ? source : [...list, source];
  write.set("kube-codegen.config.json", `${JSON.stringify(c, null, 2)}\n`);
}

export function planCreateApi(args: CreateApiArgs, read: ReadFile): ScaffoldPlan {
  const diagnostics: Diagnostic[] = [];
  checked("--group", args.group, checkGroup, diagnostics);
  checked("--version", args.version, checkVersion, diagnostics);
  checked("--kind", args.kind, checkKind, diagnostics);
  const project = readProject(read, diagnostics);
  if (diagnostics.length > 0 || project === undefined) return { write: new Map(), diagnostics };
  if (project.resources.some((r) => r.group === args.group && r.version === args.version && r.kind === args.kind)) {
    diagnostics.push(
      errorAt(ARGS, Code.scaffoldKindExists, `the project already has ${args.kind} in ${args.group}/${args.version} (PROJECT lists it)`),
    );
    return { write: new Map(), diagnostics };
  }

  const v: ApiValues = {
    domain: project.domain,
    group: args.group,
    version: args.version,
    names: kindNames(args.kind),
    namespaced: args.namespaced,
  };
  const dir = apiDirOf(v);
  const fresh = new Map<string, string>();
  // One doc.ts per group and version: a second kind there shares it.
  if (read(`${dir}/doc.ts`) === undefined) fresh.set(`${dir}/doc.ts`, docFile(v));
  fresh.set(`${dir}/${v.names.lower}_types.ts`, typesFile(v));
  fresh.set(`config/samples/${args.group}_${args.version}_${v.names.lower}.yaml`, sampleFile(v));
  if (args.controller) {
    fresh.set(controllerFileOf(v), controllerFile(v));
    fresh.set(controllerTestFileOf(v), controllerTestFile(v));
  }
  refuseExisting([...fresh.keys()].sort(), read, diagnostics);
  if (diagnostics.length > 0) return { write: new Map(), diagnostics };

  const write = new Map(fresh);
  write.set(
    PROJECT_FILE,
    formatProject({
      ...project,
      resources: [
        ...project.resources,
        { group: args.group, version: args.version, kind: args.kind, namespaced: args.namespaced, controller: args.controller },
      ],
    }),
  );
  const edit = (path: string, marker: string, lines: string[]): void => {
    const text = read(path);
    const changed = typeof text === "string" ? insertAbove(text, marker, lines) : undefined;
    if (changed !== undefined) {
      if (changed !== text) write.set(path, changed);
      return;
    }
    diagnostics.push(
      warningAt(
        { file: path, line: 1, col: 1 },
        Code.scaffoldMarkerMissing,
        `${path} has no "${marker}" line, so these lines were not added: ${lines.join(" ")}`,
        "add them by hand",
      ),
    );
  };
  edit("config/crd/kustomization.yaml", CRD_KUSTOMIZE_MARKER, [`- ${crdFileOf(v)}`]);
  if (args.controller) {
    addControllerSource(CONTROLLER_SOURCES, read, write, (path, what, lines) =>
      diagnostics.push(
        warningAt(
          { file: path, line: 1, col: 1 },
          Code.scaffoldMarkerMissing,
          `${path} ${what}, so these lines were not added: ${lines.join(" ")}`,
          "add them by hand",
        ),
      ),
    );
    const { importLine, setupLine } = mainLines(v);
    // Both markers of cmd/main.ts, applied one after the other to the same text.
    const main = read("cmd/main.ts");
    const withImport = typeof main === "string" ? insertAbove(main, IMPORTS_MARKER, [importLine]) : undefined;
    const withSetup = withImport !== undefined ? insertAbove(withImport, BUILDER_MARKER, [setupLine]) : undefined;
    if (withSetup !== undefined) write.set("cmd/main.ts", withSetup);
    else
      diagnostics.push(
        warningAt(
          { file: "cmd/main.ts", line: 1, col: 1 },
          Code.scaffoldMarkerMissing,
          `cmd/main.ts lacks "${IMPORTS_MARKER}" or "${BUILDER_MARKER}", so the controller is not set up there: add ${importLine} and ${setupLine}`,
          "add them by hand",
        ),
      );
  }
  return { write, diagnostics };
}

/** The flags of `create webhook`. */
export interface CreateWebhookArgs {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  readonly defaulting: boolean;
  readonly programmaticValidation: boolean;
  readonly conversion: boolean;
  /** With --conversion: the versions converting through --version, the hub. */
  readonly spoke: readonly string[];
}

// Adds `line` right after the first line (from `from`) that `after` accepts; undefined when none does.
function insertAfter(text: string, after: (line: string) => boolean, line: string, from = 0): string | undefined {
  const all = text.split("\n");
  const at = all.findIndex((l, i) => i >= from && after(l));
  if (at < 0) return undefined;
  all.splice(at + 1, 0, line);
  return all.join("\n");
}

/**
 * `kube-codegen create webhook`: a kind's defaulting and validating webhooks, and its conversions
 * through this version (the hub), in the project in the current directory (kubebuilder's create webhook).
 */
export function planCreateWebhook(args: CreateWebhookArgs, read: ReadFile): ScaffoldPlan {
  const diagnostics: Diagnostic[] = [];
  checked("--group", args.group, checkGroup, diagnostics);
  checked("--version", args.version, checkVersion, diagnostics);
  checked("--kind", args.kind, checkKind, diagnostics);
  for (const s of args.spoke) checked("--spoke", s, checkVersion, diagnostics);
  if (!args.defaulting && !args.programmaticValidation && !args.conversion)
    diagnostics.push(
      errorAt(
        ARGS,
        Code.scaffoldNoWebhook,
        "create webhook requires at least one of --defaulting, --programmatic-validation and --conversion",
        "--defaulting scaffolds a defaulter, --programmatic-validation a validator, --conversion --spoke V the conversions of V through --version",
      ),
    );
  if (args.conversion && args.spoke.length === 0)
    diagnostics.push(
      errorAt(
        ARGS,
        Code.scaffoldNoWebhook,
        "--conversion needs --spoke: the other versions of the kind, which convert through --version (the hub)",
        "such as --version v1 --conversion --spoke v2",
      ),
    );
  if (!args.conversion && args.spoke.length > 0)
    diagnostics.push(errorAt(ARGS, Code.scaffoldNoWebhook, "--spoke is only for --conversion"));
  if (args.spoke.includes(args.version))
    diagnostics.push(errorAt(ARGS, Code.scaffoldNoWebhook, `--spoke ${args.version} is --version, the hub: a spoke is another version`));
  if (diagnostics.length > 0) return { write: new Map(), diagnostics };
  const project = readProject(read, diagnostics);
  if (diagnostics.length > 0 || project === undefined) return { write: new Map(), diagnostics };

  const group = `${args.group}.${project.domain}`;
  const find = (version: string) => project.resources.find((r) => r.group === args.group && r.version === version && r.kind === args.kind);
  const resource = find(args.version);
  const missing = [args.version, ...args.spoke].filter((version) => !find(version));
  for (const version of missing)
    diagnostics.push(
      errorAt(
        ARGS,
        Code.scaffoldNoApi,
        `no API found for ${group}/${version}, Kind ${args.kind}: the PROJECT file does not list it`,
        `run kube-codegen create api --group ${args.group} --version ${version} --kind ${args.kind} first`,
      ),
    );
  if (diagnostics.length > 0 || resource === undefined) return { write: new Map(), diagnostics };
  const had = resource.webhooks;
  for (const [asked, has, what] of [
    [args.defaulting, had?.defaulting, "defaulting"],
    [args.programmaticValidation, had?.validation, "validation"],
    [args.conversion, had?.conversion, "conversion"],
  ] as const)
    if (asked && has === true)
      diagnostics.push(
        errorAt(
          ARGS,
          Code.scaffoldWebhookExists,
          `${what} webhook already exists for ${group}/${args.version}, Kind ${args.kind} (PROJECT lists it)`,
        ),
      );
  if (had && diagnostics.length === 0)
    diagnostics.push(
      errorAt(
        ARGS,
        Code.scaffoldWebhookExists,
        `${group}/${args.version}, Kind ${args.kind} already has webhooks, in their file: kube-codegen never replaces a file`,
        "add the new webhook to that file by hand (see docs/guide/scaffolding.md#create-webhook), or move the file away and run create webhook with every webhook the kind needs",
      ),
    );
  // A version is the hub of a kind or a spoke, never both.
  for (const other of project.resources.filter((r) => r.group === args.group && r.kind === args.kind && r.webhooks?.conversion))
    for (const version of [...args.spoke, ...(args.conversion ? [args.version] : [])])
      if (other.version !== args.version && (other.webhooks?.spoke.includes(version) || other.version === version))
        diagnostics.push(
          errorAt(
            ARGS,
            Code.scaffoldWebhookExists,
            other.version === version
              ? `${version} of ${args.kind} is already the hub of its conversions (PROJECT lists it): a spoke converts through it`
              : `${version} of ${args.kind} already converts through ${other.version} (PROJECT lists it)`,
          ),
        );
  if (diagnostics.length > 0) return { write: new Map(), diagnostics };

  const v: WebhookValues = {
    domain: project.domain,
    group: args.group,
    version: args.version,
    names: kindNames(args.kind),
    namespaced: resource.namespaced,
    projectName: project.projectName,
    defaulting: args.defaulting,
    validation: args.programmaticValidation,
    spokes: args.conversion ? args.spoke : [],
  };
  const fresh = new Map<string, string>();
  fresh.set(webhookFileOf(v), webhookFile(v));
  fresh.set(webhookTestFileOf(v), webhookTestFile(v));
  // Shared by every webhook of the project: written by the first.
  const admission = args.defaulting || args.programmaticValidation;
  const webhookKustomizationText = read("config/webhook/kustomization.yaml");
  if (webhookKustomizationText === undefined) fresh.set("config/webhook/kustomization.yaml", webhookKustomization(admission));
  if (read("config/webhook/service.yaml") === undefined) fresh.set("config/webhook/service.yaml", webhookServiceFile(v));
  // The webhooks' serving certificate from cert-manager, and the manager mounting it (kubebuilder's).
  // init wrote config/certmanager with the metrics server's certificate; a project from an earlier
  // init gets it here, with the webhooks' certificate only.
  const certmanagerPath = "config/certmanager/kustomization.yaml";
  const certmanagerText = read(certmanagerPath);
  const certManager: [string, string][] = [
    ["config/certmanager/issuer.yaml", issuerFile(v)],
    [`config/certmanager/${WEBHOOK_CERTIFICATE}`, certificateFile(v)],
    [certmanagerPath, certmanagerKustomization([WEBHOOK_CERTIFICATE])],
    ["config/certmanager/kustomizeconfig.yaml", CERTMANAGER_KUSTOMIZECONFIG],
    ["config/default/manager_webhook_patch.yaml", MANAGER_WEBHOOK_PATCH],
  ];
  for (const [path, text] of certManager) if (read(path) === undefined) fresh.set(path, text);
  if (args.conversion) {
    fresh.set(`config/crd/${conversionPatchOf(v)}`, conversionPatchFile(v));
    if (read("config/crd/kustomizeconfig.yaml") === undefined) fresh.set("config/crd/kustomizeconfig.yaml", CRD_KUSTOMIZECONFIG);
  }
  refuseExisting([...fresh.keys()].sort(), read, diagnostics);
  if (diagnostics.length > 0) return { write: new Map(), diagnostics };

  const write = new Map(fresh);
  write.set(
    PROJECT_FILE,
    formatProject({
      ...project,
      resources: project.resources.map((r) =>
        r === resource
          ? {
              ...r,
              webhooks: {
                defaulting: args.defaulting,
                validation: args.programmaticValidation,
                conversion: args.conversion,
                spoke: args.conversion ? [...args.spoke] : [],
              },
            }
          : r,
      ),
    }),
  );
  const byHand = (path: string, what: string, lines: readonly string[]): void => {
    diagnostics.push(
      warningAt(
        { file: path, line: 1, col: 1 },
        Code.scaffoldMarkerMissing,
        `${path} ${what}, so these lines were not added: ${lines.join(" ")}`,
        "add them by hand",
      ),
    );
  };

  // cmd/main.ts: the import and the setup call, at the markers create api uses.
  const { importLine, setupLine } = webhookMainLines(v);
  const main = read("cmd/main.ts");
  const withImport = typeof main === "string" ? insertAbove(main, IMPORTS_MARKER, [importLine]) : undefined;
  const withSetup = withImport !== undefined ? insertAbove(withImport, BUILDER_MARKER, [setupLine]) : undefined;
  if (withSetup !== undefined) write.set("cmd/main.ts", withSetup);
  else byHand("cmd/main.ts", `lacks "${IMPORTS_MARKER}" or "${BUILDER_MARKER}"`, [importLine, setupLine]);

  // kube-codegen.config.json: generate reads the webhook markers from the controller sources it names.
  addControllerSource(WEBHOOK_SOURCES, read, write, byHand);

  // config/certmanager/kustomization.yaml, written by init: the webhooks' certificate after the Issuer.
  if (typeof certmanagerText === "string") {
    const line = `- ${WEBHOOK_CERTIFICATE}`;
    if (!certmanagerText.split("\n").some((l) => l.trim() === line)) {
      const next = insertAfter(certmanagerText, (l) => l.trim() === CERTMANAGER_ISSUER_LINE, line);
      if (next !== undefined) write.set(certmanagerPath, next);
      else byHand(certmanagerPath, `has no "${CERTMANAGER_ISSUER_LINE}" line`, [line]);
    }
  }

  // config/webhook/kustomization.yaml, written by a conversion webhook: the manifests the first
  // defaulting or validating webhook makes.
  if (admission && typeof webhookKustomizationText === "string") {
    const lines = webhookKustomizationText.split("\n").map((l) => l.trim());
    if (!lines.includes(WEBHOOK_MANIFESTS_LINE)) {
      const next = insertAbove(webhookKustomizationText, WEBHOOK_KUSTOMIZE_MARKER, [WEBHOOK_MANIFESTS_LINE]);
      if (next !== undefined) write.set("config/webhook/kustomization.yaml", next);
      else byHand("config/webhook/kustomization.yaml", `lacks "${WEBHOOK_KUSTOMIZE_MARKER}"`, [WEBHOOK_MANIFESTS_LINE]);
    }
  }

  // config/default/kustomization.yaml: the webhooks and cert-manager deployed with the rest, the
  // Service's names in the certificate, and its CA injected where the API server needs it.
  // init's commented-out ../certmanager is uncommented, as kubebuilder does, and each resource is
  // listed once (the user may have uncommented it for the metrics certificate already).
  const crdName = `${v.names.plural}.${apiGroupOf(v)}`;
  const blocks: [string, readonly string[]][] = [
    [DEFAULT_PATCH_MARKER, DEFAULT_WEBHOOK_PATCH],
    [DEFAULT_REPLACEMENT_MARKER, CERTIFICATE_DNS_REPLACEMENTS],
  ];
  if (args.defaulting) blocks.push([DEFAULT_REPLACEMENT_MARKER, caInjectionReplacements(["kind: MutatingWebhookConfiguration"])]);
  if (args.programmaticValidation)
    blocks.push([DEFAULT_REPLACEMENT_MARKER, caInjectionReplacements(["kind: ValidatingWebhookConfiguration"])]);
  if (args.conversion)
    blocks.push([DEFAULT_REPLACEMENT_MARKER, caInjectionReplacements(["kind: CustomResourceDefinition", `name: ${crdName}`])]);
  const defaultPath = "config/default/kustomization.yaml";
  let kustomization = read(defaultPath);
  if (typeof kustomization === "string") kustomization = kustomization.replace(/^([ \t]*)#(- \.\.\/certmanager)[ \t]*$/m, "$1$2");
  const notAdded: string[] = [];
  const withResources =
    typeof kustomization === "string" ? insertAbove(kustomization, DEFAULT_RESOURCE_MARKER, DEFAULT_WEBHOOK_RESOURCES) : undefined;
  if (withResources !== undefined) kustomization = withResources;
  else notAdded.push(...DEFAULT_WEBHOOK_RESOURCES.filter((l) => !(kustomization ?? "").split("\n").some((x) => x.trim() === l)));
  for (const [marker, lines] of blocks) {
    const next = typeof kustomization === "string" ? insertBlockAbove(kustomization, marker, lines) : undefined;
    if (next === undefined) notAdded.push(...lines);
    else kustomization = next;
  }
  if (typeof kustomization === "string" && kustomization !== read(defaultPath)) write.set(defaultPath, kustomization);
  if (notAdded.length > 0)
    byHand(defaultPath, `lacks "${DEFAULT_RESOURCE_MARKER}", "${DEFAULT_PATCH_MARKER}" or "${DEFAULT_REPLACEMENT_MARKER}"`, notAdded);

  if (args.conversion) {
    // The hub is the storage version (kubebuilder's TypesUpdater adds the marker to the kind).
    const typesPath = `${apiDirOf(v)}/${v.names.lower}_types.ts`;
    const storage = "// +kubebuilder:storageversion";
    const types = read(typesPath);
    if (typeof types === "string") {
      if (!types.split("\n").some((l) => l.trim() === storage)) {
        const lines = types.split("\n");
        const kindAt = lines.findIndex((l) => l.startsWith(`export interface ${args.kind} `));
        let rootAt = -1;
        for (let i = kindAt - 1; i >= 0 && rootAt < 0; i--) if (lines[i]?.trim() === "// +kubebuilder:object:root=true") rootAt = i;
        const changed = kindAt > 0 && rootAt >= 0 ? insertAfter(types, () => true, storage, rootAt) : undefined;
        if (changed !== undefined) write.set(typesPath, changed);
        else byHand(typesPath, `has no "// +kubebuilder:object:root=true" above the ${args.kind} interface`, [storage]);
      }
    } else byHand(typesPath, "is not there", [storage]);
    // Each spoke's package converts through the hub (the conversion generator's package marker).
    for (const spoke of args.spoke) {
      const docPath = `${apiDirOf({ group: args.group, version: spoke })}/doc.ts`;
      const marker = `// +k8s:conversion-gen=${args.version}`;
      const doc = read(docPath);
      if (typeof doc !== "string") {
        byHand(docPath, "is not there", [marker]);
        continue;
      }
      const other = doc.split("\n").find((l) => /^\/\/\s*\+k8s:conversion-gen=/.test(l.trim()));
      if (other !== undefined) {
        if (other.trim() !== marker)
          diagnostics.push(
            warningAt(
              { file: docPath, line: 1, col: 1 },
              Code.scaffoldMarkerMissing,
              `${docPath} already has "${other.trim()}", so "${marker}" was not added`,
              "a package converts through one hub: make it the one you mean",
            ),
          );
        continue;
      }
      const changed = insertAfter(doc, (l) => l.startsWith("// +groupName="), marker);
      if (changed !== undefined) write.set(docPath, changed);
      else byHand(docPath, `has no "// +groupName=" line`, [marker]);
    }
    // config/crd/kustomization.yaml: the patch, and kustomize taught the Service's name in it.
    const path = "config/crd/kustomization.yaml";
    const patchLine = `- path: ${conversionPatchOf(v)}`;
    const text = read(path);
    if (typeof text === "string") {
      let next = insertAbove(text, CRD_WEBHOOK_PATCH_MARKER, [patchLine]);
      if (next === undefined) next = `${text.replace(/\n*$/, "\n")}patches:\n${patchLine}\n${CRD_WEBHOOK_PATCH_MARKER}\n`;
      if (!next.split("\n").some((l) => l.trim() === "- kustomizeconfig.yaml")) next = `${next}configurations:\n- kustomizeconfig.yaml\n`;
      if (next !== text) write.set(path, next);
    } else byHand(path, "is not there", [`patches: ${patchLine}`]);
  }
  return { write, diagnostics };
}
