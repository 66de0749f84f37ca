// The grouped synthetic API (bench/synthetic-api.ts) that bench/go-toolchain.ts hands to both
// toolchains: the TypeScript and the Go package hold the same kinds in the same groups of ten, with
// the same markers, byte for byte the same on every call; and the Go package is Go (gofmt parses it,
// and `go vet` passes when the pinned modules are in the local module cache: no network is used).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { GO_MODULE, groupedGoApiFiles, groupedTsApiFiles, writeFiles } from "../../bench/synthetic-api.js";
import { tempDir } from "../helpers/fs.js";

const goDir = join(import.meta.dirname, "../../bench/go");
const goMod = readFileSync(join(goDir, "go.mod"), "utf8");
const goSum = readFileSync(join(goDir, "go.sum"), "utf8");

/** Kind names declared by the files, per group dir. */
function kindsByGroup(files: ReadonlyMap<string, string>, declared: RegExp): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [path, text] of files) {
    const group = path.split("/").slice(0, 3).join("/");
    for (const m of text.matchAll(declared)) out.set(group, [...(out.get(group) ?? []), m[1]!]);
  }
  for (const v of out.values()) v.sort();
  return out;
}

describe("grouped synthetic API", () => {
  it("is the same bytes on every call", () => {
    assert.deepEqual(groupedGoApiFiles(25, 20, goMod, goSum), groupedGoApiFiles(25, 20, goMod, goSum));
    assert.deepEqual(groupedTsApiFiles(25, 20), groupedTsApiFiles(25, 20));
  });

  it("splits the kinds into groups of ten, the same in TypeScript and Go", () => {
    const ts = kindsByGroup(groupedTsApiFiles(25, 20), /^export interface (Kind\d+) extends TypeMeta/gm);
    const go = kindsByGroup(groupedGoApiFiles(25, 20, goMod, goSum), /^type (Kind\d+) struct/gm);
    assert.deepEqual([...ts.keys()].sort(), ["apis/g0/v1", "apis/g1/v1", "apis/g2/v1"]);
    assert.deepEqual(go, ts);
    assert.equal(ts.get("apis/g2/v1")!.length, 5);
  });

  it("gives each Go group its doc.go tags and each kind the markers of its TypeScript kind", () => {
    const go = groupedGoApiFiles(10, 20, goMod, goSum);
    const ts = groupedTsApiFiles(10, 20);
    assert.match(go.get("apis/g0/v1/doc.go")!, /^\/\/ \+groupName=g0\.bench\.example\.com$/m);
    assert.match(go.get("apis/g0/v1/doc.go")!, /^\/\/ \+k8s:deepcopy-gen=package$/m);
    assert.match(go.get("go.mod")!, new RegExp(`^module ${GO_MODULE.replace(/\./g, "\\.")}$`, "m"));
    // Markers both spell alike; the two the Go side spells differently are documented in goField.
    const markers = (text: string) =>
      [...text.matchAll(/\/\/ (\+(?:genclient|kubebuilder:[^=\s]+|listType|listMapKey)[^\n]*)/g)]
        .map((m) => m[1]!)
        .filter((m) => !m.startsWith("+kubebuilder:object:root") && !m.startsWith("+kubebuilder:validation:Enum") && !m.includes("oldSelf"))
        .sort();
    assert.deepEqual(markers(go.get("apis/g0/v1/kind3_types.go")!), markers(ts.get("apis/g0/v1/kind3_types.ts")!));
    assert.match(go.get("apis/g0/v1/kind3_types.go")!, /\+kubebuilder:validation:Enum=Fast;Safe;Off/);
  });

  const gofmt = spawnSync("gofmt", ["-h"], { encoding: "utf8" });
  it("is Go that parses and vets", { skip: gofmt.error ? "gofmt is not on PATH: the Go package was not checked" : false }, (t) => {
    const dir = tempDir("kcg-go-api-");
    try {
      writeFiles(dir, groupedGoApiFiles(12, 20, goMod, goSum));
      const parse = spawnSync("gofmt", ["-e", "-l", "."], { cwd: dir, encoding: "utf8" });
      assert.equal(parse.status, 0, parse.stderr);
      // Offline: the pinned modules come from the module cache or the check is skipped, saying so.
      const env = { ...process.env, GOPROXY: "off", GOFLAGS: "-mod=mod", GOWORK: "off", GOTOOLCHAIN: "local" };
      const list = spawnSync("go", ["list", "-deps", "./..."], { cwd: dir, env, encoding: "utf8" });
      if (list.status !== 0) {
        t.skip(`the pinned Go modules are not in the local module cache: go vet was not run (${list.stderr.trim().split("\n").at(-1)})`);
        return;
      }
      const vet = spawnSync("go", ["vet", "./..."], { cwd: dir, env, encoding: "utf8" });
      assert.equal(vet.status, 0, vet.stderr);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
