// Authorization headers read as the real bearer-token authenticator reads them: a non-bearer scheme or
// an empty token makes the caller anonymous (403 on resources), only a wrong token is 401, the scheme is
// case-insensitive, and the token is the second space-separated part.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { releaseAgent, send } from "./transcript-http.js";

let server: TestApiServer;
const PATH = "/api/v1/namespaces/default/configmaps";

before(async () => {
  server = await startTestApiServer({ crds: [] });
});
after(async () => {
  releaseAgent({ url: server.url, caPem: server.caPem });
  await server.stop();
});

async function statusWith(authorization: string): Promise<number> {
  return (await send({ url: server.url, caPem: server.caPem }, "GET", PATH, { Authorization: authorization })).status;
}

test("non-bearer credentials and empty bearer tokens are anonymous (403), a wrong token is 401", async () => {
  assert.equal(await statusWith("Basic dXNlcjpwYXNz"), 403);
  assert.equal(await statusWith("Bearer"), 403);
  assert.equal(await statusWith("Bearer  " + server.token), 403);
  assert.equal(await statusWith("Bearer wrong"), 401);
});

test("the scheme is case-insensitive and text after the token is ignored", async () => {
  assert.equal(await statusWith(`bearer ${server.token}`), 200);
  assert.equal(await statusWith(`BEARER ${server.token} trailing words`), 200);
});

test("with anonymous requests disabled every missing credential is 401", async () => {
  const strict = await startTestApiServer({ crds: [], anonymousAuth: false, tls: false });
  try {
    const r = await send({ url: strict.url, caPem: undefined }, "GET", PATH, { Authorization: "Basic dXNlcjpwYXNz" });
    assert.equal(r.status, 401);
    releaseAgent({ url: strict.url, caPem: undefined });
  } finally {
    await strict.stop();
  }
});
