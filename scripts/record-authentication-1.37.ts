// Records authentication.k8s.io/v1 answers of a real kube-apiserver 1.37 (started by
// real-apiserver-1.37/start.sh, RBAC, static admin token) into
// test/fixtures/apiserver-1.37/authentication-reviews.json, see test/fixtures/PROVENANCE.md:
//
//   node --import tsx scripts/record-authentication-1.37.ts https://127.0.0.1:PORT ADMIN_TOKEN
//
// A service account default/reviewer gets a token through the TokenRequest API. Tokens in the recording
// are replaced by "<admin token>" and "<service account token>", so a replay substitutes its own.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { recorder, serverArgs } from "./recording.js";

const { base, token: adminToken } = serverArgs("record-authentication-1.37.ts");

/** A request as `token`, its status and decoded body. */
async function call(token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const r = await recorder(base, token).call(method, path, body);
  return { status: r.status, body: JSON.parse(r.text) as unknown };
}

await call(adminToken, "POST", "/api/v1/namespaces/default/serviceaccounts", { metadata: { name: "reviewer" } });
const minted = await call(adminToken, "POST", "/api/v1/namespaces/default/serviceaccounts/reviewer/token", { spec: {} });
const saToken = String(((minted.body as Record<string, unknown>)["status"] as Record<string, unknown>)["token"]);
const hide = (text: string): string => text.split(saToken).join("<service account token>").split(adminToken).join("<admin token>");
const reveal = (text: string): string => text.split("<service account token>").join(saToken).split("<admin token>").join(adminToken);

const REVIEWS = "/apis/authentication.k8s.io/v1";
const tokenReview = (spec: Record<string, unknown>) => ({ apiVersion: "authentication.k8s.io/v1", kind: "TokenReview", spec });
const selfReview = { apiVersion: "authentication.k8s.io/v1", kind: "SelfSubjectReview" };
const steps: [string, "admin" | "sa", string, string, unknown][] = [
  ["the admin's SelfSubjectReview", "admin", "POST", `${REVIEWS}/selfsubjectreviews`, selfReview],
  ["a service account's SelfSubjectReview", "sa", "POST", `${REVIEWS}/selfsubjectreviews`, selfReview],
  [
    "a TokenReview of a service account token",
    "admin",
    "POST",
    `${REVIEWS}/tokenreviews`,
    tokenReview({ token: "<service account token>" }),
  ],
  ["a TokenReview of the admin token", "admin", "POST", `${REVIEWS}/tokenreviews`, tokenReview({ token: "<admin token>" })],
  ["a TokenReview of an unknown token", "admin", "POST", `${REVIEWS}/tokenreviews`, tokenReview({ token: "nope" })],
  [
    "a TokenReview for another audience",
    "admin",
    "POST",
    `${REVIEWS}/tokenreviews`,
    tokenReview({ token: "<service account token>", audiences: ["other"] }),
  ],
  ["a TokenReview without a token", "admin", "POST", `${REVIEWS}/tokenreviews`, tokenReview({})],
  ["a TokenReview by a service account", "sa", "POST", `${REVIEWS}/tokenreviews`, tokenReview({ token: "x" })],
  ["listing SelfSubjectReviews", "admin", "GET", `${REVIEWS}/selfsubjectreviews`, undefined],
];
const out = [];
for (const [step, as, method, path, body] of steps) {
  const sent = body === undefined ? undefined : (JSON.parse(reveal(JSON.stringify(body))) as unknown);
  const answer = await call(as === "admin" ? adminToken : saToken, method, path, sent);
  out.push({
    step,
    as,
    request: { method, path, ...(body !== undefined ? { body } : {}) },
    response: JSON.parse(hide(JSON.stringify(answer))) as unknown,
  });
}
writeFileSync(
  join(import.meta.dirname, "../test/fixtures/apiserver-1.37/authentication-reviews.json"),
  `${JSON.stringify(out, null, 2)}\n`,
);
console.log(`recorded ${out.length} exchanges`);
