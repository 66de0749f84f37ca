// kube-codegen import is deterministic: the same CRDs give the same bytes whatever the order of the
// files, of the documents in a file, of the directory listing, and however they are split into files.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Console } from "../../src/cli/console.js";
import { main } from "../../src/cli/main.js";
import { importCrds, type ImportResult } from "../../src/import/index.js";
import { snapshot, tempDir } from "../helpers/fs.js";
import { repo } from "./helpers.js";

const FILES = [
  "test/golden/import/small/input/shop.yaml",
  "test/fixtures/controller-gen/cronjob/testdata.kubebuilder.io_cronjobs.yaml",
  "generated-examples/config/crd/bases/kitchensink.example.com_widgets.yaml",
  "generated-examples/config/crd/bases/gadgets.example.com_gadgets.yaml",
];
const texts = FILES.map((f) => readFileSync(join(repo, f), "utf8"));

/** The CRD documents of all files, each as its own text. */
const documents = texts.flatMap((t) => t.split(/^---\n/m).filter((d) => /kind: CustomResourceDefinition/.test(d)));

const bytes = (r: ImportResult) => r.files.map((f) => `${f.path}\n${f.content}`).join("\0");

test("the order of files and of documents in a file does not change a byte", async () => {
  const forward = await importCrds(FILES.map((path, i) => ({ path, text: texts[i]! })));
  assert.ok(forward.files.length >= 8);
  const backward = await importCrds(FILES.map((path, i) => ({ path, text: texts[i]! })).reverse());
  assert.equal(bytes(backward), bytes(forward));
  // All documents in one file, in two orders, and each document in its own file.
  const oneFile = await importCrds([{ path: "all.yaml", text: documents.map((d) => `---\n${d}`).join("") }]);
  const reversed = await importCrds([
    {
      path: "all.yaml",
      text: [...documents]
        .reverse()
        .map((d) => `---\n${d}`)
        .join(""),
    },
  ]);
  const split = await importCrds(documents.map((d, i) => ({ path: `z${String(documents.length - i)}.yaml`, text: d })));
  assert.equal(bytes(oneFile), bytes(forward));
  assert.equal(bytes(reversed), bytes(forward));
  assert.equal(bytes(split), bytes(forward));
});

test("through the CLI, directories laid out and listed differently give the same files", async () => {
  const outputs: Map<string, string>[] = [];
  for (const layout of [
    (i: number) => `crds/${String(i)}.yaml`,
    (i: number) => `crds/nested/${String(documents.length - i)}/crd.yml`,
    (i: number) => `crds/${i % 2 === 0 ? "b" : "a"}/${String(i)}.json.yaml`,
  ]) {
    const dir = tempDir("kcg-import-det-");
    // Written in reverse so the creation order differs from the name order too.
    for (let i = documents.length - 1; i >= 0; i--) {
      const p = join(dir, layout(i));
      mkdirSync(join(p, ".."), { recursive: true });
      writeFileSync(p, documents[i]!);
    }
    const out = Console.memory();
    assert.equal(await main(["import", "--crds", "crds", "--output", "apis"], out, dir), 0, out.stderr.join("\n"));
    outputs.push(snapshot(join(dir, "apis")));
  }
  assert.ok(outputs[0]!.size >= 8);
  assert.deepEqual(outputs[1], outputs[0]);
  assert.deepEqual(outputs[2], outputs[0]);
});
