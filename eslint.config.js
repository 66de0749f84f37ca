// ESLint for the source itself (`npm run lint`): typescript-eslint's strict type-checked rules over
// every TypeScript file the root tsconfig.json covers, generated examples included, since generated
// code must pass a consumer's strict lint too. Each rule turned off or relaxed below says why; a
// rule that only fights a deliberate idiom of this code base is relaxed, a real problem stays an error.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";

export default tseslint.config(
  {
    // Diagnostics golden inputs are deliberately broken sources (tsconfig.json excludes them too).
    ignores: ["**/node_modules/", "**/dist/", "test/golden/diagnostics/", "test/fixtures/controller-gen/"],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: globals.node,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // node:test's test/it/describe return promises the runner itself awaits; every other
      // floating promise is still an error.
      "@typescript-eslint/no-floating-promises": [
        "error",
        { allowForKnownSafeCalls: [{ from: "package", package: "node:test", name: ["test", "it", "describe", "suite"] }] },
      ],
      // With noUncheckedIndexedAccess every index and regex group is `T | undefined`; `!` after a
      // check the compiler cannot follow is this code base's way to say "present here".
      "@typescript-eslint/no-non-null-assertion": "off",
      // Numbers, booleans and regex groups (`string | undefined` under noUncheckedIndexedAccess) in
      // messages are intended; the rule stays on for what really goes wrong: objects printed as
      // "[object Object]", `any` and `never`.
      "@typescript-eslint/restrict-template-expressions": [
        "error",
        { allowNumber: true, allowBoolean: true, allowNullish: true, allowRegExp: true },
      ],
      // The static types describe well-formed values, but this code checks data that arrives untyped
      // (decoded JSON and YAML, user objects in generated deep copies, kube-apiserver requests), and
      // TypeScript's own lib types are optimistic (JSON.stringify can return undefined,
      // process.stdout.columns is undefined off a terminal, flags set in callbacks are not tracked):
      // every finding in the code base is one of these defensive checks.
      "@typescript-eslint/no-unnecessary-condition": "off",
      // `if (bad) return report(...)` to leave a void function early, and `(x) => sideEffect(x)`
      // callbacks, are used throughout; a void value used as data is still a type error.
      "@typescript-eslint/no-confusing-void-expression": "off",
      // String(v) on a decoded JSON value is the deliberate "as text" coercion (Go's %v); objects in
      // template literals are still caught by restrict-template-expressions.
      "@typescript-eslint/no-base-to-string": "off",
      // ts-morph's type guards (Node.isInterfaceDeclaration(n)) narrow to its classes by design.
      "@typescript-eslint/no-unsafe-class-instance-assignment": "off",
      // Records built from JSON (objects, patches, schemas) lose keys with `delete`, as kube does.
      "@typescript-eslint/no-dynamic-delete": "off",
      // `const { status: _drop, ...rest } = obj` is how a key is left out of a copy.
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true }],
      // [...s] counts code points on purpose: Kubernetes limits (maxLength, CEL columns) count runes.
      "@typescript-eslint/no-misused-spread": ["error", { allow: [{ from: "lib", name: "string" }] }],
      // The JSON and URL scanners match control characters on purpose.
      "no-control-regex": "off",
    },
  },
  {
    // Tests read parsed YAML and JSON documents (`any` from yaml.parse and JSON.parse) down long
    // property paths; a wrong path fails the assertion, which is the check.
    files: ["test/**/*.ts", "runtime/test/**/*.ts"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
  {
    // A deep copy reads every field, deprecated ones included (deepcopy-gen's Go output does the
    // same); every other strict rule applies to generated code as it would in a consumer's project.
    files: ["examples/apis/**/zz_generated.*.ts", "generated-examples/*/apis/**/zz_generated.*.ts"],
    rules: { "@typescript-eslint/no-deprecated": "off" },
  },
  // Plain JavaScript (bin/, scripts/*.mjs, this file) is outside tsconfig.json: syntax rules only.
  { files: ["**/*.js", "**/*.mjs"], ...tseslint.configs.disableTypeChecked },
);
