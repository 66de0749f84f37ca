// The one table of diagnostic codes. Every diagnostic any stage emits names its code through
// `Code` below, and the Diagnostic type only accepts codes declared here, so a code cannot be
// emitted without a row saying what it means. docs/reference/diagnostics.md and the
// diagnostics list of `kube-codegen markers` are generated from these rows. A code keeps its
// meaning once released: retire a code by deleting its row, never by giving its number a new
// meaning. Retired: KCG1401 (was a second code for KCG1108's meaning) and KCG1311 (a group name
// that is not a DNS subdomain, which the +groupName marker already refuses as KCG1103).

/** How bad a diagnostic is: errors stop generation (exit 2), warnings are printed only. */
export type Severity = "error" | "warning";

/** One row of the table: the code's number, its severity, what it means and an input that gets it. */
export interface CodeRow {
  readonly code: `KCG${number}`;
  readonly severity: Severity;
  /** One line: what is wrong. */
  readonly meaning: string;
  /** A small input that produces it (marker text, a declaration, a flag or a config file)... */
  readonly example: string;
  /** ...and, when the input alone does not say, where it sits ("on a string field"). */
  readonly where?: string;
}

/**
 * How deep input may nest: marker values, type expressions and CRD schemas. Real APIs stay below
 * 20 levels; past this limit the input is refused with a position (KCG1111, KCG1215) instead of
 * running a recursive walk into Node's stack limit, which the default stack reaches at about
 * 500 nested type literals (in the TypeScript parser) or a few thousand marker brackets.
 */
export const MAX_NESTING_DEPTH = 100;

const table = {
  // KCG10xx: input files, config file and command line.
  inputDirMissing: {
    code: "KCG1001",
    severity: "error",
    meaning: "The input directory does not exist.",
    example: "--input apis",
    where: "when apis/ does not exist",
  },
  strayFile: {
    code: "KCG1002",
    severity: "error",
    meaning: "A .ts file of the input is not inside a <group>/<version>/ directory.",
    example: "apis/types.ts",
  },
  syntaxError: {
    code: "KCG1003",
    severity: "error",
    meaning: "TypeScript syntax error; the file's types are not read until it parses.",
    example: "export interface Foo {",
  },
  configFileMissing: {
    code: "KCG1010",
    severity: "error",
    meaning: "The config file named by --config does not exist.",
    example: "--config missing.json",
  },
  unknownConfigKey: {
    code: "KCG1011",
    severity: "error",
    meaning: "Unknown key in the config file; the hint names the closest known key.",
    example: '{ "crd-output": "crds" }',
  },
  configNotJson: {
    code: "KCG1012",
    severity: "error",
    meaning: "The config file is not valid JSON, or not a JSON object.",
    example: '{ "input": "apis", }',
  },
  headerFileMissing: {
    code: "KCG1013",
    severity: "error",
    meaning: "The header file (--header or header) does not exist.",
    example: "--header hack/boilerplate.go.txt",
    where: "when the file does not exist",
  },
  badMaxDescLen: {
    code: "KCG1014",
    severity: "error",
    meaning: "--max-desc-len (or maxDescLen) is not a whole number >= 0.",
    example: "--max-desc-len=-1",
  },
  unknownGenerator: {
    code: "KCG1015",
    severity: "error",
    meaning: "A generator name that is unknown.",
    example: "--generators listers",
  },
  badConfigValue: {
    code: "KCG1016",
    severity: "error",
    meaning: "A config key whose value has the wrong JSON type.",
    example: '{ "maxDescLen": "80" }',
  },
  emptyFlag: {
    code: "KCG1017",
    severity: "error",
    meaning: "A path option given with an empty value (it would otherwise mean the whole project).",
    example: "--input=",
  },
  badOptionValue: {
    code: "KCG1018",
    severity: "error",
    meaning: "An option that takes one of a fixed set of values (--crd-compat) given another.",
    example: "--crd-compat=v0.12",
  },
  // File-system problems: each names the path (relative to the working directory) and stops the
  // run before anything is written, except KCG1023, whose file is skipped without being opened.
  unreadablePath: {
    code: "KCG1020",
    severity: "error",
    meaning: "A file or directory kube-codegen must read cannot be read (permission denied or an I/O error).",
    example: "chmod 000 apis/foo/v1",
  },
  danglingSymlink: {
    code: "KCG1021",
    severity: "error",
    meaning: "A symbolic link whose target does not exist.",
    example: "ln -s missing.ts apis/foo/v1/types.ts",
  },
  symlinkLoop: {
    code: "KCG1022",
    severity: "error",
    meaning: "A symbolic link that leads back into a directory it is inside (or to itself), so reading it would never end.",
    example: "ln -s .. apis/foo/v1/loop",
  },
  specialFileSkipped: {
    code: "KCG1023",
    severity: "warning",
    meaning: "A FIFO, socket or device where a source file would be read; it is skipped and never opened.",
    example: "mkfifo apis/foo/v1/pipe.ts",
  },
  notAFile: {
    code: "KCG1024",
    severity: "error",
    meaning: "A directory (or FIFO, socket or device) where a file is expected: the config or header file, or a generated file's path.",
    example: "mkdir apis/foo/v1/zz_generated.deepcopy.ts",
  },
  notADirectory: {
    code: "KCG1025",
    severity: "error",
    meaning: "A file where a directory is expected: the input directory, or a folder an output file goes in.",
    example: "touch config/crd/bases",
    where: "when the CRDs are written to config/crd/bases",
  },
  cannotWrite: {
    code: "KCG1026",
    severity: "error",
    meaning: "An output file or folder cannot be written (read-only, permission denied or another write error).",
    example: "chmod 555 config/crd/bases",
  },
  handWrittenFile: {
    code: "KCG1027",
    severity: "error",
    meaning: "A file without the generated line is where kube-codegen would write; it is never overwritten, whatever its name.",
    example: "a hand-written apis/foo/v1/zz_generated.deepcopy.ts",
  },
  badServerVersions: {
    code: "KCG1028",
    severity: "error",
    meaning: "A --server-versions value that is not a list of Kubernetes minor versions (1.N or 1.N-1.M) within 1.24-1.37.",
    example: "--server-versions 1.40",
  },
  controllersMissing: {
    code: "KCG1029",
    severity: "error",
    meaning: "A path the controllers option names does not exist, or is neither a .ts file nor a directory.",
    example: '"controllers": ["controller"]',
    where: "when controller/ does not exist",
  },

  // KCG11xx: marker syntax and placement, and markers that do not fit their schema node.
  unknownMarker: {
    code: "KCG1101",
    severity: "error",
    meaning: "Unknown marker in a known namespace; the hint names the closest declared marker.",
    example: "+kubebuilder:validation:Minimun=1",
  },
  wrongTarget: {
    code: "KCG1102",
    severity: "error",
    meaning: "Marker placed on a target it does not describe (package, type or field), unless controller-gen ignores it there (KCG1115).",
    example: "+genclient",
    where: "above a property",
  },
  malformedValue: {
    code: "KCG1103",
    severity: "error",
    meaning: "Value that does not parse as the marker's payload type (number, bool, enum, JSON, string quoting).",
    example: "+kubebuilder:validation:Minimum=one",
  },
  badList: {
    code: "KCG1104",
    severity: "error",
    meaning: "Malformed list or map: unclosed `{`, missing `,` between items, stray `}`.",
    example: "+kubebuilder:validation:Enum={a,b",
  },
  unknownArgument: {
    code: "KCG1105",
    severity: "error",
    meaning: "Argument name the marker does not take; the hint names the closest one.",
    example: "+kubebuilder:printcolumn:name=Age,typ=date,JSONPath=.metadata.creationTimestamp",
  },
  missingArgument: {
    code: "KCG1106",
    severity: "error",
    meaning: "Required argument or value left out.",
    example: "+kubebuilder:printcolumn:name=Age",
  },
  repeatedMarker: {
    code: "KCG1107",
    severity: "error",
    meaning: "Marker that may appear once given more than once on the same target.",
    example: "+kubebuilder:validation:Minimum=1",
    where: "twice on one field",
  },
  schemaMisuse: {
    code: "KCG1108",
    severity: "error",
    meaning:
      "Marker that does not fit the schema node it applies to (Minimum on a string, listMapKey without listType=map, a default of the wrong type ...).",
    example: "+kubebuilder:validation:Minimum=1",
    where: "on a string field",
  },
  nearNamespace: {
    code: "KCG1109",
    severity: "warning",
    meaning:
      "Marker whose namespace looks like a misspelled known namespace (a letter off, or a missing `:` as in +kubebuilderdeprecatedversion); it is ignored, as controller-gen ignores unknown namespaces, and the hint names the marker it was likely meant to be.",
    example: "+kubebulder:validation:Minimum=1",
  },
  deprecatedMarker: {
    code: "KCG1110",
    severity: "warning",
    meaning: "Deprecated marker; it still works, the hint names its replacement.",
    example: "+kubebuilder:validation:XPreserveUnknownFields",
  },
  lookalikeMarker: {
    code: "KCG1111",
    severity: "warning",
    meaning:
      "Comment line that is a known marker but for a look-alike character (Cyrillic `о`, dotless `ı`, fullwidth `：`, an invisible one) or `.` for `:`; it is ignored.",
    example: "+kubebuilder.validation:MaxItems=16",
  },
  markerValueTooDeep: {
    code: "KCG1112",
    severity: "error",
    meaning: `Marker value nested deeper than ${MAX_NESTING_DEPTH} levels of lists, maps or JSON arrays and objects.`,
    example: "+kubebuilder:default=[[[[...]]]]",
    where: `with more than ${MAX_NESTING_DEPTH} [`,
  },
  colonEqualsSpelling: {
    code: "KCG1113",
    severity: "warning",
    meaning:
      "`:=` after a marker that takes one value but is not documented with that spelling; it is read as `=`, as controller-gen reads it (only +kubebuilder:default is written `:=`).",
    example: "+kubebuilder:validation:Minimum:=400",
  },
  markerHasNoEffect: {
    code: "KCG1114",
    severity: "warning",
    meaning:
      "Marker of Go's Kubernetes tooling that controller-gen ignores (+union, +unionDiscriminator, +patchStrategy ...); it is accepted and changes nothing.",
    example: "+unionDiscriminator",
  },
  markerIgnoredOnTarget: {
    code: "KCG1115",
    severity: "warning",
    meaning:
      "CRD marker controller-gen v0.23 knows, placed on a target it does not describe (+optional or +k8s:immutable on a type, +kubebuilder:printcolumn on a field, +listType on the package), where controller-gen ignores it; it is ignored. +k8s:enum on a field, which controller-gen refuses, and markers controller-gen does not know stay KCG1102.",
    example: "+k8s:immutable",
    where: "above a type declaration",
  },
  duplicateWebhookConfiguration: {
    code: "KCG1116",
    severity: "error",
    meaning:
      "A second +kubebuilder:webhookconfiguration for the mutating (or the validating) configuration among the controller sources; controller-gen refuses it too.",
    example: "+kubebuilder:webhookconfiguration:mutating=true,name=b",
    where: "after +kubebuilder:webhookconfiguration:mutating=true,name=a",
  },

  // KCG12xx: TypeScript the API dialect cannot express, and names that do not resolve.
  unsupportedType: {
    code: "KCG1201",
    severity: "error",
    meaning: "A type API types cannot hold: class, accessor, function, tuple, Date, Map, bigint ...",
    example: "createdAt: Date",
  },
  inlineObjectType: {
    code: "KCG1202",
    severity: "error",
    meaning: "Inline object type, or named properties mixed with an index signature.",
    example: "spec: { replicas: number }",
  },
  nonStringRecordKey: {
    code: "KCG1203",
    severity: "error",
    meaning: "Record (map) key that is not string; JSON object keys are strings.",
    example: "Record<number, string>",
  },
  genericType: {
    code: "KCG1204",
    severity: "error",
    meaning: "Generic type declaration or reference.",
    example: "interface Box<T> { value: T }",
  },
  undeclaredType: {
    code: "KCG1205",
    severity: "error",
    meaning: "Type name that is neither declared in the package nor imported (or an enum member used as a type).",
    example: "size: Sise",
  },
  notRuntimeApiType: {
    code: "KCG1206",
    severity: "error",
    meaning: "Name imported from @kube-codegen/runtime that is not one of its API types.",
    example: 'import type { Scheme } from "@kube-codegen/runtime"',
  },
  foreignType: {
    code: "KCG1207",
    severity: "error",
    meaning: "Type imported from a module that is not an API package of the input.",
    example: 'import type { V1Pod } from "@kubernetes/client-node"',
  },
  unsupportedUnion: {
    code: "KCG1208",
    severity: "error",
    meaning: "Union that is neither literals of one type nor T | null.",
    example: 'mode: "fast" | 1',
  },
  enumWithoutValues: {
    code: "KCG1209",
    severity: "error",
    meaning: "enum whose members are not all given string values (or all number values).",
    example: "enum Size { Small, Large }",
  },
  typeNotExported: {
    code: "KCG1210",
    severity: "error",
    meaning: "Type used by an API type that is declared but not exported; generated code imports it by name.",
    example: "limits?: Limits",
    where: "with interface Limits not exported",
  },
  selfExtendingType: {
    code: "KCG1211",
    severity: "error",
    meaning: "Type that extends itself, or alias of itself, directly or through others.",
    example: "interface A extends B {}",
    where: "with interface B extends A {}",
  },
  computedPropertyName: {
    code: "KCG1212",
    severity: "error",
    meaning: "Computed property name; property names are the JSON names.",
    example: "[key]: string",
  },
  protoProperty: {
    code: "KCG1213",
    severity: "error",
    meaning: "Property named __proto__, which plain JavaScript objects treat specially.",
    example: "__proto__?: string",
  },
  defaultExport: {
    code: "KCG1214",
    severity: "error",
    meaning: "Default export of an API type; generated code imports types by name.",
    example: "export default interface Foo {}",
  },
  typeTooDeep: {
    code: "KCG1215",
    severity: "error",
    meaning: `Type nested deeper than ${MAX_NESTING_DEPTH} levels, as written or through the named types its fields use (the CRD schema's depth).`,
    example: "a: string[][][]...",
    where: `with more than ${MAX_NESTING_DEPTH} []`,
  },

  // KCG13xx: API packages, kinds and resource names.
  missingDocTs: {
    code: "KCG1301",
    severity: "error",
    meaning: "API package without a doc.ts.",
    example: "apis/widgets/v1/types.ts",
    where: "with no apis/widgets/v1/doc.ts",
  },
  missingGroupName: {
    code: "KCG1302",
    severity: "error",
    meaning: "doc.ts without +groupName, or with the empty (core) group.",
    example: "+groupName=",
  },
  badVersionDirectory: {
    code: "KCG1303",
    severity: "error",
    meaning: "Version directory that is not a Kubernetes version, and no +versionName.",
    example: "apis/widgets/latest/",
  },
  duplicateType: {
    code: "KCG1304",
    severity: "error",
    meaning: "Type declared twice in one package.",
    example: "export interface Foo",
    where: "in two files of one package",
  },
  kindWithoutMetadata: {
    code: "KCG1305",
    severity: "error",
    meaning: "Kind (a type extending TypeMeta) without metadata: ObjectMeta.",
    example: "interface Foo extends TypeMeta { spec: FooSpec }",
  },
  badListType: {
    code: "KCG1306",
    severity: "error",
    meaning: "List type without metadata: ListMeta, or a <Kind>List that is not a list type.",
    example: "interface FooList extends TypeMeta { items: Foo[] }",
  },
  listWithoutKind: {
    code: "KCG1307",
    severity: "error",
    meaning: "List type with no kind of that name in its group/version.",
    example: "interface BarList extends TypeMeta",
    where: "with no kind Bar in the package",
  },
  pluralClash: {
    code: "KCG1308",
    severity: "error",
    meaning: "Two kinds of one group with the same plural.",
    example: "+kubebuilder:resource:path=foos",
    where: "on two kinds of one group",
  },
  singularClash: {
    code: "KCG1309",
    severity: "error",
    meaning: "Two kinds of one group with the same singular.",
    example: "+kubebuilder:resource:singular=foo",
    where: "on two kinds of one group",
  },
  listNameClash: {
    code: "KCG1310",
    severity: "error",
    meaning: "Kind whose name is the list type name of another kind.",
    example: "interface FooList extends TypeMeta { metadata?: ObjectMeta }",
    where: "next to kind Foo",
  },
  badVersionName: {
    code: "KCG1312",
    severity: "error",
    meaning: "Version that is not lowercase letters and digits.",
    example: "+versionName=v1-beta",
  },
  badResourceName: {
    code: "KCG1313",
    severity: "error",
    meaning: "Plural, singular, short name or category that is not a lowercase DNS label.",
    example: "+kubebuilder:resource:shortName=Fo",
  },
  duplicateGroupVersion: {
    code: "KCG1314",
    severity: "error",
    meaning: "Two package directories declare the same group/version.",
    example: "+groupName=example.com",
    where: "in apis/a/v1/doc.ts and apis/b/v1/doc.ts",
  },
  conflictingScope: {
    code: "KCG1315",
    severity: "error",
    meaning: "+genclient:nonNamespaced on a kind that +kubebuilder:resource says is Namespaced.",
    example: "+genclient:nonNamespaced",
    where: "with +kubebuilder:resource:scope=Namespaced",
  },
  conflictingVerbs: {
    code: "KCG1316",
    severity: "error",
    meaning: "A verb named both by +genclient:onlyVerbs (or implied by +genclient:readonly) and by +genclient:skipVerbs.",
    example: "+genclient:skipVerbs=get",
    where: "with +genclient:onlyVerbs=create,get",
  },

  // KCG14xx: CRD schemas and manifests.
  serverRejects: {
    code: "KCG1402",
    severity: "error",
    meaning: "The API server would reject the generated CRD (offline checks: CEL, patterns, defaults, structural rules).",
    example: "+kubebuilder:validation:Pattern=`^(a`",
  },
  severalStorageVersions: {
    code: "KCG1403",
    severity: "error",
    meaning: "More than one version of a kind is marked +kubebuilder:storageversion.",
    example: "+kubebuilder:storageversion",
    where: "on two versions of one kind",
  },
  noStorageVersion: {
    code: "KCG1404",
    severity: "error",
    meaning: "A kind with several versions has none marked +kubebuilder:storageversion.",
    example: "kind Foo in v1 and v1beta1",
    where: "with no +kubebuilder:storageversion",
  },
  noServedVersion: {
    code: "KCG1405",
    severity: "error",
    meaning: "Every version of a kind is +kubebuilder:unservedversion.",
    example: "+kubebuilder:unservedversion",
    where: "on every version of a kind",
  },
  versionsDisagree: {
    code: "KCG1406",
    severity: "error",
    meaning: "Versions of one kind disagree on resource names or scope.",
    example: "+kubebuilder:resource:shortName=wd",
    where: "in v1, shortName=wg in v1beta1",
  },
  recursiveType: {
    code: "KCG1407",
    severity: "error",
    meaning: "Type that contains itself; CRD schemas have no references, so it cannot be inlined.",
    example: "interface Node { children?: Node[] }",
  },
  oneOfRequired: {
    code: "KCG1408",
    severity: "error",
    meaning: "Field named by AtMostOneOf/ExactlyOneOf/AtLeastOneOf that is required.",
    example: "+kubebuilder:validation:ExactlyOneOf=left;right",
    where: "with left required",
  },
  skipOnlyVersion: {
    code: "KCG1409",
    severity: "error",
    meaning: "+kubebuilder:skipversion on the only version of a kind.",
    example: "+kubebuilder:skipversion",
    where: "on the only version of a kind",
  },
  badSelectableField: {
    code: "KCG1410",
    severity: "error",
    meaning: "+kubebuilder:selectablefield path that names no string, integer or boolean field, is repeated, or is one too many.",
    example: "+kubebuilder:selectablefield:JSONPath=.spec.missing",
  },
  badRuleFieldPath: {
    code: "KCG1411",
    severity: "error",
    meaning: "XValidation fieldPath that names no field of the object the rule is on.",
    example: '+kubebuilder:validation:XValidation:rule="self.size >= 0",fieldPath=".sise"',
  },
  badMessageExpression: {
    code: "KCG1412",
    severity: "error",
    meaning: "XValidation messageExpression that does not compile to a string.",
    example: '+kubebuilder:validation:XValidation:rule="self.min >= 0",messageExpression="self.min"',
  },
  rejectedBySomeServers: {
    code: "KCG1413",
    severity: "warning",
    meaning:
      "Some of the target server versions (--server-versions) would reject the generated CRD, others accept it: today a CEL rule over the cost budget of an older version.",
    example: '+kubebuilder:validation:XValidation:rule="self.all(a, self.all(b, has(a.x) == has(b.x)))"',
    where: "on a list with maxItems=32, with --server-versions 1.24-1.32",
  },
  serverWarns: {
    code: "KCG1414",
    severity: "warning",
    meaning:
      "Some target server versions (--server-versions) accept the generated CRD with a warning: a format they do not recognize (1.34 and later; the format is then not checked), or a list-type set of objects or arrays (1.37 and later).",
    example: "+kubebuilder:validation:Format=money",
    where: "with --server-versions 1.35-1.37",
  },

  // KCG15xx: deep copies.
  unknownField: {
    code: "KCG1501",
    severity: "error",
    meaning: "Field or type typed unknown or any, with neither a hand-written copy nor +k8s:deepcopy-gen:unknown=json.",
    example: "values?: unknown",
  },
  missingHandwrittenCopy: {
    code: "KCG1502",
    severity: "error",
    meaning: "Type that gets no generated deep copy, and no file of its package declares the hand-written one.",
    example: "+k8s:deepcopy-gen=false",
    where: "on a type with no deepCopyFoo in its package",
  },
  handwrittenCopyNotExported: {
    code: "KCG1503",
    severity: "error",
    meaning: "Hand-written deep copy function that is not exported.",
    example: "function deepCopyFoo(src: Foo): Foo",
  },
  handwrittenCopyWrongSignature: {
    code: "KCG1504",
    severity: "error",
    meaning: "Hand-written deep copy function with the wrong parameters or return type.",
    example: "export function deepCopyFoo(src: Foo, deep: boolean): Foo",
  },
  optOutHasNoEffect: {
    code: "KCG1505",
    severity: "warning",
    meaning:
      "+k8s:deepcopy-gen=false (or +kubebuilder:object:generate=false) on a type that copies by value (an alias of a string, number, bool or literal union): nothing calls a copy of it, so opting out changes nothing.",
    example: "+k8s:deepcopy-gen=false",
    where: "on type Mode = string",
  },

  // KCG16xx: importing CRDs (kube-codegen import).
  importBadYaml: {
    code: "KCG1601",
    severity: "error",
    meaning: "A file given to kube-codegen import is not valid YAML; nothing is written.",
    example: "spec: [unclosed",
  },
  importNotCrd: {
    code: "KCG1602",
    severity: "error",
    meaning:
      "A document given to kube-codegen import is not an apiextensions.k8s.io/v1 CustomResourceDefinition, or lacks what one needs (group, names.kind, names.plural, a version with a schema); nothing is written.",
    example: "kind: Deployment",
  },
  importUnexpressible: {
    code: "KCG1603",
    severity: "warning",
    meaning:
      "A part of an imported CRD that the input dialect cannot express (a schema keyword such as oneOf or not, a default on list items, conversion settings): the closest faithful package is written and the regenerated CRD differs there.",
    example: "oneOf: [{required: [a]}, {required: [b]}]",
  },
  importDescriptionChanged: {
    code: "KCG1604",
    severity: "warning",
    meaning:
      "An imported description that doc comments cannot carry as it is (trailing spaces, doubled blank lines, lines starting with +, TODO or ---, line separators): it is written as close as comments allow.",
    example: 'description: "+optional"',
  },
  importWouldOverwrite: {
    code: "KCG1605",
    severity: "error",
    meaning:
      "kube-codegen import would replace a file under --output that differs from what it writes (an earlier import, perhaps edited since); nothing is written unless --force is given.",
    example: "kube-codegen import --crds crds/ --output apis",
    where: "when apis/<group>/<version>/types.ts exists with other text",
  },
  // KCG17xx: scaffolding (kube-codegen init, create api and create webhook).
  scaffoldWouldOverwrite: {
    code: "KCG1701",
    severity: "error",
    meaning:
      "kube-codegen init or create api would write a file that already exists; nothing is written (they never replace a file, and name every file in the way).",
    example: "kube-codegen init --domain my.domain",
    where: "in a directory that already has a package.json",
  },
  scaffoldBadName: {
    code: "KCG1702",
    severity: "error",
    meaning:
      "A name given to kube-codegen init or create api (domain, group, version, kind, owner, or the project directory's name) is not of its form; nothing is written.",
    example: "kube-codegen create api --group WebApp --version v1 --kind Guestbook",
  },
  scaffoldNoProject: {
    code: "KCG1703",
    severity: "error",
    meaning:
      "kube-codegen create api runs in a directory without a PROJECT file of kube-codegen's layout (run kube-codegen init first); nothing is written.",
    example: "kube-codegen create api --group webapp --version v1 --kind Guestbook",
    where: "in an empty directory",
  },
  scaffoldKindExists: {
    code: "KCG1704",
    severity: "error",
    meaning: "kube-codegen create api names a group, version and kind the PROJECT file already holds; nothing is written.",
    example: "kube-codegen create api --group webapp --version v1 --kind Guestbook",
    where: "the second time",
  },
  scaffoldMarkerMissing: {
    code: "KCG1705",
    severity: "warning",
    meaning:
      "A file create api adds lines to (cmd/main.ts, config/crd/kustomization.yaml) no longer has its +kubebuilder:scaffold marker line: the new files are written, and the lines it would have added are printed to add by hand.",
    example: "// +kubebuilder:scaffold:builder",
    where: "removed from cmd/main.ts",
  },
  scaffoldNoApi: {
    code: "KCG1706",
    severity: "error",
    meaning:
      "kube-codegen create webhook names a group, version and kind (or a --spoke version of it) the PROJECT file does not hold: run create api first; nothing is written.",
    example: "kube-codegen create webhook --group webapp --version v1 --kind Guestbook --defaulting",
    where: "before create api made Guestbook",
  },
  scaffoldNoWebhook: {
    code: "KCG1707",
    severity: "error",
    meaning:
      "kube-codegen create webhook is given none of --defaulting, --programmatic-validation and --conversion (as kubebuilder refuses), or --conversion without a --spoke version to convert; nothing is written.",
    example: "kube-codegen create webhook --group webapp --version v1 --kind Guestbook",
  },
  scaffoldWebhookExists: {
    code: "KCG1708",
    severity: "error",
    meaning:
      "kube-codegen create webhook asks for a webhook the kind already has (the PROJECT file lists it), or the kind's webhook file is already written: it never replaces a file; nothing is written.",
    example: "kube-codegen create webhook --group webapp --version v1 --kind Guestbook --defaulting",
    where: "the second time",
  },
  // KCG18xx: conversions (the conversion generator, as conversion-gen).
  conversionHubUnknown: {
    code: "KCG1801",
    severity: "error",
    meaning:
      "A package's +k8s:conversion-gen names no package of the input as its hub (a version of the same group, a package directory or an import path ending in one), or names the package itself.",
    example: "+k8s:conversion-gen=v3",
    where: "in doc.ts, when the group has no v3",
  },
  conversionHubOtherGroup: {
    code: "KCG1802",
    severity: "error",
    meaning: "A package's +k8s:conversion-gen names a hub of another group; a CRD converts only between versions of its own group.",
    example: "+k8s:conversion-gen=other/v2",
    where: "in doc.ts of shipyard/v1",
  },
  conversionHubIsSpoke: {
    code: "KCG1803",
    severity: "error",
    meaning:
      "The hub a package converts through is itself a spoke (its own doc.ts has +k8s:conversion-gen): conversions go spoke to hub, never through a chain.",
    example: "+k8s:conversion-gen=v2",
    where: "in v1's doc.ts, when v2's doc.ts says +k8s:conversion-gen=v3",
  },
  conversionNeedsManual: {
    code: "KCG1804",
    severity: "warning",
    meaning:
      "A field the conversion generator cannot convert (no field of that JSON name in the peer type, or one of an incompatible type): the type's convert_ function must be written by hand, as conversion-gen's \"requires manual conversion\".",
    example: "replicas?: int32",
    where: "in v1's WidgetSpec, when v2's WidgetSpec has no replicas",
  },
  conversionMissingManual: {
    code: "KCG1805",
    severity: "error",
    meaning:
      "A conversion the generated code needs is not generated (a field needs manual conversion) and no file of the package exports it; nothing is written.",
    example: "export function convert_v1_WidgetSpec_To_v2_WidgetSpec(in_: WidgetSpec): v2.WidgetSpec",
    where: "missing from v1",
  },
  conversionManualWrongSignature: {
    code: "KCG1806",
    severity: "error",
    meaning:
      "A hand-written convert_ function is not exported, or does not take one parameter of the source type and return the target type.",
    example: "function convert_v1_WidgetSpec_To_v2_WidgetSpec(in_: WidgetSpec)",
  },
} as const satisfies Record<string, CodeRow>;

type Table = typeof table;

/** The constant name of a code (`undeclaredType`). */
export type CodeName = keyof Table;

/** Every declared code (`"KCG1205"`); the Diagnostic `code` field takes only these. */
export type DiagnosticCode = Table[CodeName]["code"];

/** The codes declared as errors; `errorAt` takes only these. */
export type ErrorCode = { [K in CodeName]: Table[K]["severity"] extends "error" ? Table[K]["code"] : never }[CodeName];

/** The codes declared as warnings; `warningAt` takes only these. */
export type WarningCode = { [K in CodeName]: Table[K]["severity"] extends "warning" ? Table[K]["code"] : never }[CodeName];

/** The codes by constant name: `errorAt(pos, Code.undeclaredType, ...)`. */
export const Code = Object.fromEntries(Object.entries(table).map(([name, row]) => [name, row.code])) as {
  readonly [K in CodeName]: Table[K]["code"];
};

/** The families, by the two digits after `KCG`, in the order the docs list them. */
export const codeFamilies = [
  { digits: "10", title: "Input, config file and command line (KCG10xx)" },
  { digits: "11", title: "Markers (KCG11xx)" },
  { digits: "12", title: "Types and names (KCG12xx)" },
  { digits: "13", title: "API packages and kinds (KCG13xx)" },
  { digits: "14", title: "CRD schemas and manifests (KCG14xx)" },
  { digits: "15", title: "Deep copies (KCG15xx)" },
  { digits: "16", title: "Importing CRDs (KCG16xx)" },
  { digits: "17", title: "Scaffolding (KCG17xx)" },
  { digits: "18", title: "Conversions (KCG18xx)" },
] as const;

/** A declared code with its name and family, as the docs list it. */
export interface DiagnosticCodeInfo extends CodeRow {
  readonly code: DiagnosticCode;
  readonly name: CodeName;
  readonly family: (typeof codeFamilies)[number]["digits"];
}

/** Every declared code, in code order. */
export const diagnosticCodes: readonly DiagnosticCodeInfo[] = (Object.entries(table) as [CodeName, Table[CodeName]][])
  .map(([name, row]) => ({ ...row, name, family: row.code.slice(3, 5) as DiagnosticCodeInfo["family"] }))
  .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
