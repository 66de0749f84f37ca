// The relative links of Markdown pages, and a check that each one leads somewhere: the file exists
// and, for an `#anchor`, the page it names has a heading with that anchor as GitHub derives it.
// Text inside fenced code blocks and inline code is not Markdown, so links and headings there are
// not read. test/docs/links.test.ts runs it over the repository's pages.
import { posix } from "node:path";

/** How the checker reaches files: `read` gives a page's text (undefined if it is not one), `exists` any path. */
export interface LinkSource {
  readonly read: (path: string) => string | undefined;
  readonly exists: (path: string) => boolean;
}

/** One link of a page: its line and its target as written. */
export interface Link {
  readonly line: number;
  readonly target: string;
}

/** The page's lines outside fenced code blocks, with inline code blanked out (line numbers kept). */
function proseLines(text: string): string[] {
  let fence: string | undefined;
  return text.split("\n").map((line) => {
    const m = /^\s*(`{3,}|~{3,})/.exec(line);
    if (m) {
      const marker = m[1]!;
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      return "";
    }
    return fence === undefined ? line.replace(/(`+)[^`]*?\1/g, "") : "";
  });
}

/** GitHub's anchor for a heading's text: lowercase, punctuation but - and _ dropped, spaces to -. */
export function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1") // a link in a heading: its text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/ /g, "-");
}

/** Every anchor of a page, in order: duplicates get -1, -2 ... as on GitHub. */
export function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let fence: string | undefined;
  for (const line of text.split("\n")) {
    const m = /^\s*(`{3,}|~{3,})/.exec(line);
    if (m) {
      const marker = m[1]!;
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const h = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!h) continue;
    const base = slug(h[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** The relative links of a page (`[text](target)` and images), absolute URLs left out. */
export function relativeLinks(text: string): Link[] {
  const out: Link[] = [];
  proseLines(text).forEach((line, i) => {
    for (const m of line.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = m[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: ...
      out.push({ line: i + 1, target });
    }
  });
  return out;
}

/** Where a link of `page` leads: the path (relative to the root, posix) and the anchor, if any. */
export function resolveLink(page: string, target: string): { path: string; anchor: string | undefined } {
  const hash = target.indexOf("#");
  const file = hash < 0 ? target : target.slice(0, hash);
  const anchor = hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1));
  const path = file === "" ? page : posix.normalize(posix.join(posix.dirname(page), decodeURIComponent(file))).replace(/\/$/, "");
  return { path, anchor };
}

/** Every dead link of the pages: a missing file, or an anchor its page does not have. */
export function deadLinks(pages: readonly string[], source: LinkSource): string[] {
  const problems: string[] = [];
  const anchorCache = new Map<string, Set<string> | undefined>();
  const anchorsOf = (path: string) => {
    if (!anchorCache.has(path)) {
      const text = source.read(path);
      anchorCache.set(path, text === undefined ? undefined : anchors(text));
    }
    return anchorCache.get(path);
  };
  for (const page of pages) {
    const text = source.read(page);
    if (text === undefined) {
      problems.push(`${page}: not found`);
      continue;
    }
    for (const { line, target } of relativeLinks(text)) {
      const { path, anchor } = resolveLink(page, target);
      if (path.startsWith("..") || !source.exists(path)) {
        problems.push(`${page}:${line}: ${target}: no file ${path}`);
        continue;
      }
      if (anchor === undefined || anchor === "") continue;
      const found = path.endsWith(".md") ? anchorsOf(path) : undefined;
      if (!found) problems.push(`${page}:${line}: ${target}: #${anchor} in a file that is not a Markdown page`);
      else if (!found.has(anchor)) problems.push(`${page}:${line}: ${target}: ${path} has no heading #${anchor}`);
    }
  }
  return problems;
}

/** The Markdown pages reachable from `start` by following relative links. */
export function reachablePages(start: string, source: LinkSource): Set<string> {
  const seen = new Set<string>([start]);
  const queue = [start];
  for (let page = queue.shift(); page !== undefined; page = queue.shift()) {
    const text = source.read(page);
    if (text === undefined) continue;
    for (const { target } of relativeLinks(text)) {
      const { path } = resolveLink(page, target);
      if (path.endsWith(".md") && !seen.has(path) && source.read(path) !== undefined) {
        seen.add(path);
        queue.push(path);
      }
    }
  }
  return seen;
}
