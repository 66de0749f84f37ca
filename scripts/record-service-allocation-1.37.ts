// Records how a real kube-apiserver 1.37 allocates Service cluster IPs and node ports, into
// test/fixtures/apiserver-1.37/service-allocation.json (see test/fixtures/PROVENANCE.md):
//
//   node --import tsx scripts/record-service-allocation-1.37.ts https://127.0.0.1:PORT admintoken
//
// Against a fresh server: the prelude, then each step of service-allocation-steps.ts, its answer kept
// (a Status whole, a Service as its spec).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { PRELUDE, SERVICE_STEPS } from "../test/fixtures/apiserver-1.37/service-allocation-steps.js";
import { recorder, serverArgs } from "./recording.js";

const { base, token } = serverArgs("record-service-allocation-1.37.ts");
const { call } = recorder(base, token);
await call(PRELUDE.method, PRELUDE.path, PRELUDE.body);
const answers: { what: string; status: number; body: unknown }[] = [];
for (const s of SERVICE_STEPS) {
  const { status, text } = await call(s.method, s.path, s.body, s.contentType);
  const body = JSON.parse(text) as Record<string, unknown>;
  answers.push({ what: s.what, status, body: body["kind"] === "Status" ? body : { kind: body["kind"], spec: body["spec"] } });
}
const out = join(import.meta.dirname, "../test/fixtures/apiserver-1.37/service-allocation.json");
writeFileSync(out, `${JSON.stringify({ server: "kube-apiserver v1.37.2", answers }, null, 2)}\n`);
process.stderr.write(`wrote ${String(answers.length)} answers to test/fixtures/apiserver-1.37/service-allocation.json\n`);
