// Records how a real kube-apiserver 1.37 answers invalid writes of built-in kinds, into
// test/fixtures/apiserver-1.37/builtin-validation.json (see test/fixtures/PROVENANCE.md):
//
//   node --import tsx scripts/record-builtin-validation-1.37.ts https://127.0.0.1:PORT TOKEN
//
// Against a fresh server: the cases of test/fixtures/apiserver-1.37/builtin-validation-cases.ts in
// order, each case's setup requests sent and forgotten, its last request's answer kept. A Status answer
// is kept whole; any other answer by its status and kind only (the object it created, whose uid and
// timestamps vary, is not what the replay compares). Requests are not copied into the file: the cases
// module is their source, and some bodies are megabytes.
//
// RECORD_ONLY=name,name records those cases only (after the prelude) and keeps every other answer
// the file holds: new cases join without re-recording answers that carry random parts (an
// allocated IP).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CASES, PRELUDE } from "../test/fixtures/apiserver-1.37/builtin-validation-cases.js";
import { recorder, serverArgs } from "./recording.js";

const { base, token } = serverArgs("record-builtin-validation-1.37.ts");
const { call } = recorder(base, token);

const send = (r: { method: string; path: string; body?: unknown; contentType?: string }) => call(r.method, r.path, r.body, r.contentType);

const out = join(import.meta.dirname, "../test/fixtures/apiserver-1.37/builtin-validation.json");
const only = process.env["RECORD_ONLY"]?.split(",");
for (const name of only ?? []) if (!CASES.some((c) => c.name === name)) throw new Error(`RECORD_ONLY: no case ${name}`);
for (const r of PRELUDE) await send(r);
const kept =
  only && existsSync(out)
    ? (JSON.parse(readFileSync(out, "utf8")) as { answers: Record<string, { status: number; body: unknown }> }).answers
    : {};
const answers: Record<string, { status: number; body: unknown }> = {};
for (const c of CASES) {
  if (only && !only.includes(c.name)) {
    const answer = kept[c.name];
    if (answer) answers[c.name] = answer;
    continue;
  }
  process.stderr.write(`${c.name}\n`);
  for (const r of c.setup) await send(r);
  const { status, text } = await send(c.step);
  const body = JSON.parse(text) as Record<string, unknown>;
  answers[c.name] = { status, body: body["kind"] === "Status" ? body : { kind: body["kind"] } };
}
writeFileSync(out, `${JSON.stringify({ server: "kube-apiserver v1.37.2", answers }, null, 2)}\n`);
process.stderr.write(`wrote ${String(Object.keys(answers).length)} answers to test/fixtures/apiserver-1.37/builtin-validation.json\n`);
