// The rbac and webhook generators beyond parity: bad markers are positioned errors and nothing is
// written, hostile values never break the YAML, and only controller markers are read from
// controller sources.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { parseAllDocuments } from "yaml";
import { generateFromSources } from "./helpers.js";

const errors = (r: { diagnostics: readonly { severity: string; code: string; message: string; line?: number; col?: number }[] }) =>
  r.diagnostics.filter((d) => d.severity === "error").map((d) => [d.code, d.message, d.line, d.col]);

test("an unknown argument or a value of the wrong type is a positioned error, and nothing is written", async () => {
  const r = await generateFromSources(
    {
      "a.ts": [
        "// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get",
        "// +kubebuilder:rbac:groups=apps,resources=deployments,verb=get",
        "export class A {",
        "  // +kubebuilder:webhook:path=/v,mutating=yes,failurePolicy=fail,sideEffects=None,groups=a,resources=b,verbs=create,versions=v1,name=a.b.c,admissionReviewVersions=v1",
        "  run(): void {}",
        "}",
        "",
      ].join("\n"),
    },
    "rbac",
  );
  assert.deepEqual(errors(r), [
    ["KCG1105", '+kubebuilder:rbac: unknown argument "verb"', 2, 56],
    ["KCG1103", "+kubebuilder:webhook: expected true or false, got 'yes'", 4, 44],
  ]);
  assert.deepEqual(r.files, []);
});

test("controller-gen's webhook checks are errors at the marker", async () => {
  const base = "mutating=false,failurePolicy=fail,groups=a,resources=b,verbs=create,versions=v1,name=a.b.c,admissionReviewVersions=v1";
  const cases: [string, string][] = [
    [`path=/v,url="https://x",sideEffects=None,${base}`, "`url` or `path` markers are required and mutually exclusive"],
    [`sideEffects=None,${base}`, "`url` or `path` markers are required and mutually exclusive"],
    [`path=/v,${base}`, "SideEffects is required for creating v1 {Mutating,Validating}WebhookConfiguration (None or NoneOnDryRun)"],
    [
      `path=/v,sideEffects=Some,${base}`,
      "SideEffects should not be set to `Some` or `Unknown` for v1 {Mutating,Validating}WebhookConfiguration",
    ],
    [`path=/v,sideEffects=None,timeoutSeconds=31,${base}`, "TimeoutSeconds must be between 1 and 30 seconds"],
    [`path=/v,sideEffects=None,matchPolicy=Fuzzy,${base}`, 'unknown value "Fuzzy" for matchPolicy'],
    [`path=/v,sideEffects=None,webhookVersions=v1beta1,${base}`, "unsupported webhook version: v1beta1"],
  ];
  for (const [args, message] of cases) {
    const r = await generateFromSources({ "w.ts": `// +kubebuilder:webhook:${args}\nexport {};\n` }, "webhook");
    // The error spans the payload, which starts after the first argument's name (read as part of the marker's name).
    const col = "// +kubebuilder:webhook:".length + args.indexOf("=") + 2;
    assert.deepEqual(errors(r), [["KCG1103", `+kubebuilder:webhook: ${message}`, 1, col]], args);
    assert.deepEqual(r.files, []);
  }
});

test("a second +kubebuilder:webhookconfiguration of a kind is an error, as in controller-gen", async () => {
  const r = await generateFromSources(
    {
      "a.ts": "// +kubebuilder:webhookconfiguration:mutating=true,name=one\nexport {};\n",
      "b.ts":
        "// +kubebuilder:webhookconfiguration:mutating=true,name=two\n// +kubebuilder:webhookconfiguration:mutating=false,name=v\nexport {};\n",
    },
    "webhook",
  );
  assert.deepEqual(errors(r), [
    ["KCG1116", "duplicate mutating kubebuilder:webhookconfiguration with name two (the first at controller/a.ts:1)", 1, 4],
  ]);
});

test("a controllers path that does not exist is an error", async () => {
  const { runPipeline } = await import("../../../src/pipeline.js");
  const { testOptions } = await import("../../helpers/options.js");
  const { tempDir } = await import("../../helpers/fs.js");
  const dir = tempDir("kcg-rbac-");
  mkdirSync(join(dir, "input"));
  const r = await runPipeline({ ...testOptions(dir), generators: ["rbac"], controllers: ["nope"] });
  assert.deepEqual(errors(r), [["KCG1029", "controllers: nope does not exist", undefined, undefined]]);
});

test("markers of API types and of other namespaces in a controller source are left alone; unknown kubebuilder markers are errors", async () => {
  const r = await generateFromSources(
    {
      "a.ts": [
        "// +kubebuilder:object:root=true",
        "// +kubebuilder:scaffold:builder",
        "// +mytool:whatever=1",
        "// +kubebuilder:rbca:groups=apps,resources=x,verbs=get",
        "/* +kubebuilder:rbac:groups=block,resources=comments,verbs=get */",
        'const s = "// +kubebuilder:rbac:groups=string,resources=x,verbs=get";',
        "export { s };",
        "",
      ].join("\n"),
    },
    "rbac",
  );
  assert.deepEqual(
    errors(r).map(([code, , line]) => [code, line]),
    [["KCG1101", 4]],
  );
});

/** Strings that would break YAML written carelessly. */
const hostile = [
  "a: b",
  "- x",
  "#x",
  "x #y",
  "null",
  "Null",
  "~",
  "true",
  "yes",
  "on",
  "1e3",
  "0x1F",
  ".5",
  "'q'",
  '"dq"',
  'x"y',
  "x'y",
  "@a",
  "`b",
  "!tag",
  "&anchor",
  "*alias",
  "%p",
  "{a}",
  "[a]",
  "a,b",
  "|",
  ">",
  "?",
  " lead",
  "trail ",
  "tab\there",
  "new\nline",
  "back\\slash",
  "é",
  "日本",
  "emoji 😀",
  "\u00a0nbsp",
  "\u2028",
  "---",
  "...",
  "",
  "x".repeat(120),
  "word ".repeat(30).trim(),
];

test("hostile marker values come back unchanged from the YAML", async () => {
  const quoted = hostile.map((s) => JSON.stringify(s)).join(";");
  const r = await generateFromSources(
    {
      "a.ts": `// +kubebuilder:rbac:groups=example.com,resources=widgets,resourceNames=${quoted},verbs=get\n// +kubebuilder:rbac:groups=example.com,resources=x,namespace=${JSON.stringify("ns: #1")},roleName=${JSON.stringify("- role")},verbs=${JSON.stringify("a: b")}\nexport {};\n`,
    },
    "rbac",
  );
  assert.deepEqual(errors(r), []);
  const docs = parseAllDocuments(r.files[0]!.content).map((d) => {
    assert.deepEqual(d.errors, []);
    return d.toJS() as { metadata: { name: string; namespace?: string }; rules: { resourceNames?: string[]; verbs: string[] }[] };
  });
  const names = docs[0]!.rules[0]!.resourceNames!;
  assert.deepEqual([...names].sort(), [...new Set(hostile)].sort());
  assert.deepEqual(docs[1]!.metadata, { name: "- role", namespace: "ns: #1" });
  assert.deepEqual(docs[1]!.rules[0]!.verbs, ["a: b"]);
});

test("hostile webhook values come back unchanged from the YAML", async () => {
  const q = JSON.stringify;
  const r = await generateFromSources(
    {
      "w.ts": `// +kubebuilder:webhook:path=${q("/x #y: z")},mutating=true,failurePolicy=${q("- odd")},sideEffects=None,groups=${q("a: b")};${q("")},resources=${q("null")},verbs=${q("yes")},versions=${q("*")},name=${q("'quoted' name")},serviceName=${q("~")},serviceNamespace=${q("true")},admissionReviewVersions=${q("1e3")}\nexport {};\n`,
    },
    "webhook",
  );
  assert.deepEqual(errors(r), []);
  const [doc] = parseAllDocuments(r.files[0]!.content).map((d) => {
    assert.deepEqual(d.errors, []);
    return d.toJS() as { webhooks: Record<string, unknown>[] };
  });
  assert.deepEqual(doc!.webhooks[0], {
    admissionReviewVersions: ["1e3"],
    clientConfig: { service: { name: "~", namespace: "true", path: "/x #y: z" } },
    failurePolicy: "- odd",
    name: "'quoted' name",
    rules: [{ apiGroups: ["a: b", ""], apiVersions: ["*"], operations: ["yes"], resources: ["null"] }],
    sideEffects: "None",
  });
});

test("rules whose merges end alike but for their verbs get both verbs, where controller-gen's map order picks one", async () => {
  const r = await generateFromSources(
    {
      "a.ts": [
        "// +kubebuilder:rbac:groups=a,resources=x,verbs=get",
        "// +kubebuilder:rbac:groups=b,resources=x,verbs=get",
        "// +kubebuilder:rbac:groups=a;b,resources=x,verbs=list",
        "export {};",
        "",
      ].join("\n"),
    },
    "rbac",
  );
  const [doc] = parseAllDocuments(r.files[0]!.content).map((d) => d.toJS() as { rules: unknown[] });
  assert.deepEqual(doc!.rules, [{ apiGroups: ["a", "b"], resources: ["x"], verbs: ["get", "list"] }]);
});

test("a patch controller-gen refuses is an error at the marker, and nothing is written", async () => {
  const base =
    "path=/p,mutating=false,failurePolicy=fail,sideEffects=None,groups=core,resources=pods,verbs=create,versions=v1,name=a.b.c,admissionReviewVersions=v1";
  const cases: [string, string][] = [
    ['{"namespaceselector":{}}', 'patch: unknown field "namespaceselector" (the field is namespaceSelector)'],
    ['{"objectSelector":{"matchLabels":{"a":1}}}', "patch: objectSelector.matchLabels: a: expected a string"],
    ['{"timeoutSeconds":"5"}', 'patch: timeoutSeconds: expected a 32-bit integer, got "5"'],
    ['{"reinvocationPolicy":"IfNeeded"}', 'patch: unknown field "reinvocationPolicy"'],
    ['{"$patch":"replace"}', 'patch: the strategic merge directive "$patch" is not supported yet'],
    ['{"timeoutSeconds":0}', "TimeoutSeconds must be between 1 and 30 seconds"],
    ['{"sideEffects":null}', "SideEffects is required for creating v1 {Mutating,Validating}WebhookConfiguration (None or NoneOnDryRun)"],
    ['{"admissionReviewVersions":[]}', "AdmissionReviewVersions is mandatory for v1 {Mutating,Validating}WebhookConfiguration"],
  ];
  for (const [patch, message] of cases) {
    const r = await generateFromSources({ "w.ts": `export {};\n// +kubebuilder:webhook:${base},patch=\`${patch}\`\n` }, "webhook");
    assert.deepEqual(errors(r), [["KCG1103", `+kubebuilder:webhook: ${message}`, 2, 4]], patch);
    assert.deepEqual(r.files, []);
  }
  const notJson = await generateFromSources({ "w.ts": `// +kubebuilder:webhook:${base},patch=\`{nope}\`\n` }, "webhook");
  assert.match(String(errors(notJson)[0]?.[1]), /^\+kubebuilder:webhook: patch: not JSON: /);
});
