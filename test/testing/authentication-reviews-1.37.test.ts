// authentication.k8s.io/v1 against kube-apiserver 1.37.2's answers (test/fixtures/apiserver-1.37/
// authentication-reviews.json, from scripts/record-authentication-1.37.ts): SelfSubjectReview (kubectl
// auth whoami) for the admin and a service account, TokenReview of a service account token, the admin
// token, an unknown token, for another audience, without a token, by a caller without the right, and
// the 405 for a list; and kubectl auth whoami. Each exchange is replayed with this server's tokens; the admin's name and uid and
// the service account's uid and credential id are this server's own.
import assert from "node:assert/strict";
import { execFile, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { promisify } from "node:util";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { ADMIN_USER } from "../../testing/src/endpoints/auth.js";
import { callAs, releaseAgent } from "./transcript-http.js";

type Json = Record<string, unknown>;
interface Exchange {
  step: string;
  as: "admin" | "sa";
  request: { method: string; path: string; body?: unknown };
  response: { status: number; body: Json };
}

const RECORDED = JSON.parse(
  readFileSync(join(import.meta.dirname, "../fixtures/apiserver-1.37/authentication-reviews.json"), "utf8"),
) as Exchange[];

let server: TestApiServer;
let saToken = "";
let saUid = "";

const call = (token: string, method: string, path: string, body?: unknown): ReturnType<typeof callAs> =>
  callAs({ url: server.url, caPem: server.caPem }, token, method, path, body);

before(async () => {
  server = await startTestApiServer({ crds: [], authorization: "RBAC" });
  const account = await call(server.token, "POST", "/api/v1/namespaces/default/serviceaccounts", { metadata: { name: "reviewer" } });
  saUid = String((account.body["metadata"] as Json)["uid"]);
  const minted = await call(server.token, "POST", "/api/v1/namespaces/default/serviceaccounts/reviewer/token", { spec: {} });
  saToken = String((minted.body["status"] as Json)["token"]);
});
after(async () => {
  releaseAgent({ url: server.url, caPem: server.caPem });
  await server.stop();
});

/** The recorded text with this server's tokens and identities in place of the real run's. */
function localize(text: string): string {
  return text
    .split("<service account token>")
    .join(saToken)
    .split("<admin token>")
    .join(server.token)
    .replace(/"username":"admin","uid":"admin"/g, `"username":${JSON.stringify(ADMIN_USER.name)}`)
    .replace(/"uid":"[0-9a-f-]{36}"/g, `"uid":"${saUid}"`);
}

/** A body without what differs by run: timestamps, and the credential id's value. */
function comparable(body: Json): Json {
  const text = JSON.stringify(body)
    .replace(/"(creationTimestamp|time)":"[^"]*"/g, '"$1":"<time>"')
    .replace(/JTI=[0-9a-f-]{36}/g, "JTI=<id>");
  return JSON.parse(text) as Json;
}

for (const e of RECORDED)
  test(`${e.step}: as kube-apiserver 1.37.2 answers`, async () => {
    const body = e.request.body === undefined ? undefined : (JSON.parse(localize(JSON.stringify(e.request.body))) as unknown);
    const got = await call(e.as === "admin" ? server.token : saToken, e.request.method, e.request.path, body);
    assert.equal(got.status, e.response.status, JSON.stringify(got.body));
    const expected = JSON.parse(localize(JSON.stringify(e.response.body))) as Json;
    assert.deepEqual(comparable(got.body), comparable(expected));
  });

/** kubectl, when on PATH (the test is skipped without it). */
const KUBECTL = process.env["KUBECTL"] ?? "kubectl";

function hasKubectl(): boolean {
  return spawnSync(KUBECTL, ["version", "--client"], { encoding: "utf8" }).status === 0;
}

test("kubectl auth whoami (its review sent as protobuf) names the admin and a service account", { skip: !hasKubectl() }, async () => {
  const run = promisify(execFile);
  const whoami = async (kubeconfig: string): Promise<string> =>
    (await run(KUBECTL, ["--kubeconfig", kubeconfig, "auth", "whoami", "-o", "json"])).stdout;
  const admin = JSON.parse(await whoami(server.kubeconfigPath)) as Json;
  assert.deepEqual((admin["status"] as Json)["userInfo"], { username: ADMIN_USER.name, groups: ADMIN_USER.groups });
  const sa = JSON.parse(await whoami(server.serviceAccountKubeconfig("default", "whoami").path)) as Json;
  const user = (sa["status"] as Json)["userInfo"] as Json;
  assert.equal(user["username"], "system:serviceaccount:default:whoami");
  assert.deepEqual(user["groups"], ["system:serviceaccounts", "system:serviceaccounts:default", "system:authenticated"]);
});
