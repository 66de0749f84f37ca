// The documentation holds together: every relative link of README.md, CONTRIBUTING.md,
// runtime/README.md and docs/**/*.md leads to a file that exists and, with an #anchor, to a heading
// of that page; every page under docs/ can be reached from README.md; and the README stays a front
// door of at most 250 lines. The checker itself is tested on small pages first, so a checker that
// found nothing could not pass for one that looked.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { anchors, deadLinks, reachablePages, slug, type LinkSource } from "../helpers/markdown-links.js";

const repo = resolve(import.meta.dirname, "../..");

/** The repository's files as the checker sees them (paths relative to the root, posix). */
const repoSource: LinkSource = {
  read: (path) => {
    const file = join(repo, path);
    return path.endsWith(".md") && existsSync(file) && statSync(file).isFile() ? readFileSync(file, "utf8") : undefined;
  },
  exists: (path) => existsSync(join(repo, path)),
};

/** Every Markdown page under docs/ (paths relative to the root, posix). */
function docsPages(): string[] {
  return (readdirSync(join(repo, "docs"), { recursive: true }) as string[])
    .filter((f) => f.endsWith(".md"))
    .map((f) =>
      relative(repo, join(repo, "docs", f))
        .split(sep)
        .join("/"),
    )
    .sort();
}

/** An in-memory tree of pages for the checker's own tests. */
function memory(files: Record<string, string>): LinkSource {
  return {
    read: (path) => (path.endsWith(".md") ? files[path] : undefined),
    exists: (path) => path in files || Object.keys(files).some((f) => f.startsWith(`${path}/`)),
  };
}

test("slugs follow GitHub's rules", () => {
  assert.equal(slug("Walk-through: from an empty directory"), "walk-through-from-an-empty-directory");
  assert.equal(slug("Importing third-party CRDs (`kube-codegen import`)"), "importing-third-party-crds-kube-codegen-import");
  assert.equal(slug("The runtime's layers"), "the-runtimes-layers");
  assert.equal(slug("snake_case and **bold**"), "snake_case-and-bold");
  assert.deepEqual([...anchors("# A\n## A\n```\n# not a heading\n```\n### A\n")], ["a", "a-1", "a-2"]);
});

test("the checker finds dead files, dead anchors and unreachable pages, and passes good links", () => {
  const files = {
    "README.md": "# Top\n\nSee [guide](docs/guide.md#usage), [here](#top), [src](src/x.ts) and [web](https://example.com).\n",
    "docs/guide.md":
      "# Guide\n\n## Usage\n\n[back](../README.md) [dir](../src/) `[not a link](nowhere.md)`\n\n```md\n[in a fence](gone.md)\n```\n",
    "docs/orphan.md": "# Orphan\n",
    "src/x.ts": "",
  };
  assert.deepEqual(
    deadLinks(
      Object.keys(files).filter((f) => f.endsWith(".md")),
      memory(files),
    ),
    [],
  );
  assert.deepEqual([...reachablePages("README.md", memory(files))].sort(), ["README.md", "docs/guide.md"]);

  const broken = {
    ...files,
    "README.md": "# Top\n\n[a](docs/gone.md) [b](docs/guide.md#nope) [c](#top-1) [d](src/x.ts#L1) [e](../outside.md)\n",
  };
  assert.deepEqual(deadLinks(["README.md"], memory(broken)), [
    "README.md:3: docs/gone.md: no file docs/gone.md",
    "README.md:3: docs/guide.md#nope: docs/guide.md has no heading #nope",
    "README.md:3: #top-1: README.md has no heading #top-1",
    "README.md:3: src/x.ts#L1: #L1 in a file that is not a Markdown page",
    "README.md:3: ../outside.md: no file ../outside.md",
  ]);
});

test("every relative link and anchor of the documentation leads somewhere", () => {
  const pages = ["README.md", "CONTRIBUTING.md", "runtime/README.md", ...docsPages()];
  assert.ok(pages.length >= 15, `the docs pages are found (${pages.length})`);
  assert.deepEqual(deadLinks(pages, repoSource), []);
});

test("every page under docs/ is reachable from README.md", () => {
  const reached = reachablePages("README.md", repoSource);
  assert.deepEqual(
    docsPages().filter((p) => !reached.has(p)),
    [],
  );
  for (const p of ["CONTRIBUTING.md", "runtime/README.md"]) assert.ok(reached.has(p), `${p} is reachable from README.md`);
});

test("README.md is a front door: at most 250 lines", () => {
  const lines = readFileSync(join(repo, "README.md"), "utf8").split("\n").length - 1;
  assert.ok(lines <= 250, `README.md has ${lines} lines`);
});
