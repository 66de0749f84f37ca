// The CodeWriter's import table: namespace imports get unique aliases that avoid local names, and
// the printed imports are sorted whatever order generators asked for them in.
import { test } from "node:test";
import assert from "node:assert/strict";
import { CodeWriter } from "../../src/emit/index.js";

test("namespace imports avoid reserved names, named imports and each other, and print sorted", () => {
  const w = new CodeWriter().reserve("widgetsV1");
  w.import("./types.js", "Spec", true);
  assert.equal(w.importNamespace("../../widgets/v1/zz_generated.deepcopy.js", "widgetsV1"), "widgetsV1_2");
  assert.equal(w.importNamespace("../../other/widgets/v1/zz_generated.deepcopy.js", "widgetsV1"), "widgetsV1_3");
  assert.equal(w.importNamespace("../../widgets/v1/zz_generated.deepcopy.js", "anything"), "widgetsV1_2", "one alias per module");
  assert.equal(w.importNamespace("@kube-codegen/runtime", "Spec"), "Spec_2");
  assert.equal(
    w.toString(),
    [
      'import * as widgetsV1_3 from "../../other/widgets/v1/zz_generated.deepcopy.js";',
      'import * as widgetsV1_2 from "../../widgets/v1/zz_generated.deepcopy.js";',
      'import * as Spec_2 from "@kube-codegen/runtime";',
      'import type { Spec } from "./types.js";',
      "",
      "",
      "",
    ].join("\n"),
  );
  assert.throws(() => w.importNamespace("x", "not-an-identifier"), /not an identifier/);
});
