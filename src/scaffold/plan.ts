// What `init` and `create api` would do, decided before anything is written: the files to create
// (each must not exist) and the files to change at their scaffold markers (PROJECT, cmd/main.ts,
// config/crd/kustomization.yaml). Pure: the caller passes what the disk holds (`read`) and
// writes the plan only when it has no error.
import { basename } from "node:path";
import { Code, errorAt, warningAt, type Diagnostic } from "../diagnostics/index.js";
import { checkDomain, checkGroup, checkKind, checkOwner, checkProjectName, checkVersion, kindNames, type NameCheck } from "./names.js";
import { PROJECT_FILE, formatProject, parseProject, type Project } from "./project-file.js";
import { apiDirOf, crdFileOf, docFile, sampleFile, typesFile, type ApiValues } from "./templates/api-files.js";
import { controllerFile, controllerFileOf, controllerTestFile, controllerTestFileOf, mainLines } from "./templates/controller-files.js";
import { BUILDER_MARKER, CRD_KUSTOMIZE_MARKER, IMPORTS_MARKER, initFiles, type ScaffoldVersions } from "./templates/init-files.js";

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

/** `kube-codegen create api`: a kind (and its controller) in the project in the current directory. */
export function planCreateApi(args: CreateApiArgs, read: ReadFile): ScaffoldPlan {
  const diagnostics: Diagnostic[] = [];
  checked("--group", args.group, checkGroup, diagnostics);
  checked("--version", args.version, checkVersion, diagnostics);
  checked("--kind", args.kind, checkKind, diagnostics);
  const projectText = read(PROJECT_FILE);
  let project: Project | undefined;
  if (typeof projectText !== "string") {
    diagnostics.push(
      errorAt(
        ARGS,
        Code.scaffoldNoProject,
        "there is no PROJECT file here",
        "run kube-codegen init --domain DOMAIN first, in this directory",
      ),
    );
  } else {
    const parsed = parseProject(projectText);
    if ("error" in parsed)
      diagnostics.push(errorAt({ file: PROJECT_FILE, line: 1, col: 1 }, Code.scaffoldNoProject, `PROJECT cannot be read: ${parsed.error}`));
    else project = parsed;
  }
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
