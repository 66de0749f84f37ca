// A second reporter for scripts/run-tests.mjs: prints nothing while the run goes on, then, after
// TAP's last line, every failed test again with its file, line and error. CI keeps only the tail of
// a long log; without this a failure 1,900 tests back is invisible there and cannot be mended.
import { relative } from "node:path";

/** A parent fails with "N subtests failed" when a child does: the child is the one to show. */
const ONLY_CHILDREN = /^\d+ subtests? failed$/;

function describe(error) {
  // The runner wraps what a test threw: the cause is the assertion or error itself.
  const thrown = error?.cause ?? error;
  const text = thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown);
  // The runner's own frames say nothing about the failure.
  const lines = text.split("\n").filter((l) => !/^\s+at .*\((node:internal\/|node:async_hooks)|^\s+at node:internal\//.test(l));
  return (lines.length > 40 ? [...lines.slice(0, 40), `  ... ${lines.length - 40} more lines`] : lines).join("\n");
}

function summary(failed) {
  if (failed.length === 0) return "";
  let text = `\n== ${failed.length} failed test${failed.length === 1 ? "" : "s"} (repeated from above)\n`;
  for (const f of failed) text += `\n-- ${f.where}: ${f.name}\n${f.message.replace(/^/gm, "   ")}\n`;
  return text;
}

export default async function* failures(source) {
  const failed = [];
  for await (const event of source) {
    if (event.type !== "test:fail") continue;
    const { name, file, line, details } = event.data;
    const message = describe(details?.error);
    if (ONLY_CHILDREN.test(message)) continue;
    failed.push({ where: file ? `${relative(process.cwd(), file)}${line ? `:${line}` : ""}` : "(no file)", name, message });
  }
  yield summary(failed);
}
