// CEL rule order with embedded structs, compared byte for byte with controller-gen v0.23.0's output
// for the same API written in Go (test/fixtures/controller-gen/embeds, see PROVENANCE.md; the Go
// source is embeds/types.go.txt). controller-gen flattens a struct's rules as [field rules, the
// type's own rules (XValidation, then AtMostOneOf, then ExactlyOneOf), then each embed's flattened
// rules, last embed first]: a pointer embed is no different, and sibling embeds come in reverse.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { assertSameAsControllerGen, generateCrds, portedPackage, writeInput } from "./helpers.js";

const root = join(import.meta.dirname, "../../fixtures/controller-gen/embeds");
const file = "embeds.example.com_probes.yaml";

test("embedded structs' CEL rules are ordered as controller-gen v0.23 orders them, byte for byte", async () => {
  const r = await generateCrds(writeInput(portedPackage(root)));
  assert.deepEqual(r.diagnostics, []);
  assertSameAsControllerGen(r, root, file);
});
