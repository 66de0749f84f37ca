// Rendering a scaffolded project's kustomizations with `kubectl kustomize`, as the scaffolding tests
// check what config/ deploys; without kubectl (or $KUBECTL) those tests are skipped with `kustomizeSkip`.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { parseAllDocuments } from "yaml";

const KUBECTL = process.env["KUBECTL"] ?? "kubectl";

/** A test's `skip` option: false with kubectl at hand, else why `config/<config>` was not rendered. */
export function kustomizeSkip(config: string): string | false {
  return spawnSync(KUBECTL, ["version", "--client"], { encoding: "utf8" }).status === 0
    ? false
    : `${KUBECTL} is not on PATH: config/${config} was not rendered`;
}

/** The objects `kubectl kustomize config/<config>` renders in the project `dir`, by kind and name. */
export function kustomize(dir: string, config: string): Map<string, Record<string, unknown>> {
  const r = spawnSync(KUBECTL, ["kustomize", `config/${config}`], { cwd: dir, encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  const docs = parseAllDocuments(r.stdout).map((d) => d.toJS() as { kind: string; metadata: { name: string } });
  return new Map(docs.map((d) => [`${d.kind}/${d.metadata.name}`, d as unknown as Record<string, unknown>]));
}
