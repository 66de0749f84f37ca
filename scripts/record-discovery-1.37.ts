// Records the legacy discovery documents (/api/v1 and /apis/GROUP/VERSION) of a real kube-apiserver 1.37
// for the group versions the test server serves, into test/fixtures/apiserver-1.37/legacy-discovery.json
// (see test/fixtures/PROVENANCE.md):
//
//   node --import tsx scripts/record-discovery-1.37.ts https://127.0.0.1:PORT ADMIN_TOKEN
import { writeFileSync } from "node:fs";
import { request } from "node:https";
import { join } from "node:path";

const [base = "", token = ""] = process.argv.slice(2);
if (!base || !token) throw new Error("usage: record-discovery-1.37.ts URL ADMIN_TOKEN");

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

function get(path: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      { rejectUnauthorized: false, agent: false, headers: { Authorization: `Bearer ${token}` } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => (res.statusCode === 200 ? resolve(JSON.parse(text)) : reject(new Error(`${path}: ${res.statusCode} ${text}`))));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const out: Record<string, unknown> = {};
for (const path of PATHS) out[path] = await get(path);
writeFileSync(join(import.meta.dirname, "../test/fixtures/apiserver-1.37/legacy-discovery.json"), `${JSON.stringify(out, null, 2)}\n`);
console.log(`recorded ${PATHS.length} documents`);
