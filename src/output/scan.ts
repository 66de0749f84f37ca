import { join, resolve } from "node:path";
import type { Diagnostic } from "../diagnostics/index.js";
import type { OwnedArea } from "../generators/index.js";
import { isGenerated } from "../emit/index.js";
import { loopCheck, probePath, readBytes, probeListed, readDirNames, specialSkipped } from "../fs/index.js";
import type { OutputDisk } from "./disk.js";

/** The generated files found in the owned areas, and what stopped the scan from reading some. */
export interface ExistingFiles {
  /** Paths relative to cwd, posix, sorted. */
  readonly paths: string[];
  /** Unreadable entries, dangling or looping links (errors) and skipped FIFOs (warnings). */
  readonly diagnostics: Diagnostic[];
  /**
   * The bytes each of `paths` had when the scan read it, so that planOutput compares with them
   * instead of reading every generated file a second time. Bytes, not text: at 1,000 kinds they
   * are 20 MB, nearly all equal to what the run produced, and decoding them all only fed the
   * garbage collector.
   */
  readonly bytes?: ReadonlyMap<string, Buffer>;
  /**
   * The digests of those of `paths` whose bytes a generate run with a cache knew without reading
   * them (OutputDisk: their stamps matched, or the run read them already): generated files, as
   * only a generated file is stamped. They have no `bytes`.
   */
  readonly known?: ReadonlyMap<string, string>;
}

/**
 * Lists existing generated files in the owned areas: files of a matching name that carry the
 * generated line. Every entry is looked at before it is opened, and a directory whose real path
 * is one it is inside is a loop, reported once instead of followed. With `disk`, a file whose bytes
 * it knows is not read.
 */
export function existingGenerated(cwd: string, areas: readonly OwnedArea[], disk?: OutputDisk): ExistingFiles {
  const found = new Map<string, Buffer>();
  const known = new Map<string, string>();
  const diagnostics: Diagnostic[] = [];
  for (const a of areas) {
    const rel = a.dir.replace(/\\/g, "/").replace(/\/$/, "");
    const abs = resolve(cwd, rel);
    const probe = probePath(abs, rel);
    // A missing area has nothing stale; a file where the area should be is planOutput's to report.
    if (probe.kind === "problem") diagnostics.push(probe.diagnostic);
    if (probe.kind !== "directory") continue;
    const real = loopCheck(abs, rel, new Set());
    if ("diagnostic" in real) diagnostics.push(real.diagnostic);
    else walk(rel, abs, a, new Set([real.real]), { found, known, disk }, diagnostics);
  }
  return { paths: [...found.keys(), ...known.keys()].sort(), diagnostics, bytes: found, known };
}

function walk(
  rel: string,
  abs: string,
  area: OwnedArea,
  ancestors: ReadonlySet<string>,
  into: { readonly found: Map<string, Buffer>; readonly known: Map<string, string>; readonly disk: OutputDisk | undefined },
  diags: Diagnostic[],
): void {
  const listed = readDirNames(abs, rel);
  if ("diagnostic" in listed) return void diags.push(listed.diagnostic);
  for (const name of listed.names) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    // Outside recursive areas only files of a generated name matter, so nothing else is looked at.
    if (!area.recursive && !area.match.test(name)) continue;
    const childRel = rel === "" || rel === "." ? name : `${rel}/${name}`;
    const childAbs = join(abs, name);
    const probe = probeListed(listed, name, childAbs, childRel);
    if (probe.kind === "missing") continue;
    if (probe.kind === "problem") {
      diags.push(probe.diagnostic);
      continue;
    }
    if (probe.kind === "directory") {
      if (!area.recursive) continue;
      const loop = loopCheck(childAbs, childRel, ancestors);
      if ("diagnostic" in loop) diags.push(loop.diagnostic);
      else walk(childRel, childAbs, area, new Set([...ancestors, loop.real]), into, diags);
      continue;
    }
    if (!area.match.test(name) || area.unless?.some((r) => r.test(name))) continue;
    if (probe.kind === "special") {
      diags.push(specialSkipped(childRel, probe.what));
      continue;
    }
    // A file whose bytes the run knows was generated (stamped or read by a cached unit): not read again.
    const digest = into.disk?.known(childRel);
    if (digest !== undefined) {
      into.known.set(childRel, digest);
      continue;
    }
    // How the file is before it is read: what a stamp of these bytes may record (OutputDisk.save).
    into.disk?.observe(childRel);
    const read = readBytes(childAbs, childRel);
    if ("diagnostic" in read) diags.push(read.diagnostic);
    else if (isGenerated(read.bytes)) into.found.set(childRel, read.bytes);
  }
}
