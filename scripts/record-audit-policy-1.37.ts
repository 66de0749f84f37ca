// Records a real kube-apiserver 1.37.2's audit log under a policy of several rules, into
// test/fixtures/apiserver-1.37/audit-policy.json (see test/fixtures/PROVENANCE.md):
//
//   node --import tsx scripts/record-audit-policy-1.37.ts https://127.0.0.1:PORT TOKEN AUDIT_LOG
//
// The server must have been started with test/fixtures/apiserver-1.37/audit-policy-steps.ts's POLICY
// as --audit-policy-file, AUDIT_LOG as --audit-log-path and --audit-log-format=json. Sends STEPS in
// order, waits for the log to catch up, and keeps the events of the requests the token user made.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { POLICY, STEPS } from "../test/fixtures/apiserver-1.37/audit-policy-steps.js";
import { recorder, serverArgs, sleep } from "./recording.js";

const { base, token } = serverArgs("record-audit-policy-1.37.ts");
const log = process.argv[4];
if (!log) throw new Error("usage: record-audit-policy-1.37.ts URL TOKEN AUDIT_LOG");
const { call } = recorder(base, token);
const before = readFileSync(log, "utf8")
  .split("\n")
  .filter((l) => l !== "").length;
for (const s of STEPS) await call(s.method, s.path, s.body, s.contentType);
// The log backend writes asynchronously (batched): give it time.
await sleep(3000);
const events = readFileSync(log, "utf8")
  .split("\n")
  .filter((l) => l !== "")
  .slice(before)
  .map((l) => JSON.parse(l) as { user?: { username?: string } })
  .filter((e) => e.user?.username === "admin");
const out = join(import.meta.dirname, "../test/fixtures/apiserver-1.37/audit-policy.json");
writeFileSync(out, `${JSON.stringify({ server: "kube-apiserver v1.37.2", policy: POLICY, events }, null, 1)}\n`);
process.stderr.write(`wrote ${events.length} events to ${out}\n`);
