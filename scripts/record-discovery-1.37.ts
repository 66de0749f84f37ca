// Records the legacy discovery documents (/api/v1 and /apis/GROUP/VERSION) of a real kube-apiserver 1.37
// for the group versions the test server serves, into test/fixtures/apiserver-1.37/legacy-discovery.json
// (see test/fixtures/PROVENANCE.md):
//
//   node --import tsx scripts/record-discovery-1.37.ts https://127.0.0.1:PORT ADMIN_TOKEN
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { recorder, serverArgs } from "./recording.js";

const { base, token } = serverArgs("record-discovery-1.37.ts");
const server = recorder(base, token);

const PATHS = [
  "/api/v1",
  "/apis/admissionregistration.k8s.io/v1",
  "/apis/apiextensions.k8s.io/v1",
  "/apis/apps/v1",
  "/apis/authentication.k8s.io/v1",
  "/apis/authorization.k8s.io/v1",
  "/apis/coordination.k8s.io/v1",
  "/apis/events.k8s.io/v1",
  "/apis/rbac.authorization.k8s.io/v1",
];

async function get(path: string): Promise<unknown> {
  const r = await server.call("GET", path);
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${r.text}`);
  return JSON.parse(r.text);
}

const out: Record<string, unknown> = {};
for (const path of PATHS) out[path] = await get(path);
writeFileSync(join(import.meta.dirname, "../test/fixtures/apiserver-1.37/legacy-discovery.json"), `${JSON.stringify(out, null, 2)}\n`);
console.log(`recorded ${PATHS.length} documents`);
