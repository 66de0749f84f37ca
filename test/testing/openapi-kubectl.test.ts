// kubectl 1.32 reads OpenAPI v3 for client-side validation (the default `kubectl apply`), server-side
// apply and explain; without it, all three fail ("failed to download openapi"). Runs the real kubectl
// against the test server when it is on PATH, and is skipped, saying so, when it is not.
import assert from "node:assert/strict";
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { parse } from "yaml";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";

/** The kubectl to run: $KUBECTL, else the one on PATH. */
const KUBECTL = process.env["KUBECTL"] ?? "kubectl";

function kubectlVersion(): string | undefined {
  try {
    return execFileSync(KUBECTL, ["version", "--client"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  } catch {
    return undefined;
  }
}

const version = kubectlVersion();
const skip = version === undefined ? `${KUBECTL} is not on PATH: the kubectl OpenAPI checks were not run` : false;
const BASES = join(import.meta.dirname, "../../generated-examples/sample-controller/config/crd/bases");
let server: TestApiServer;
let dir: string;

before(async () => {
  if (skip) return;
  server = await startTestApiServer({
    crds: [parse(readFileSync(join(BASES, "samplecontroller.k8s.io_foos.yaml"), "utf8")) as Record<string, unknown>],
  });
  dir = mkdtempSync(join(tmpdir(), "kcg-kubectl-"));
  writeFileSync(
    join(dir, "foo.yaml"),
    "apiVersion: samplecontroller.k8s.io/v1alpha1\nkind: Foo\nmetadata: {name: f1, namespace: default}\nspec: {deploymentName: d1, replicas: 2}\nstatus: {availableReplicas: 0}\n",
  );
  writeFileSync(join(dir, "cm.yaml"), "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c1, namespace: default}\ndata: {a: b}\n");
});
after(async () => {
  if (skip) return;
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs kubectl asynchronously: the server answers from this process's event loop, which must stay free. */
function kubectl(...args: string[]): Promise<string> {
  // A private cache directory: kubectl caches discovery and OpenAPI per server address, and ports repeat.
  const argv = ["--kubeconfig", server.kubeconfigPath, "--cache-dir", join(dir, "cache"), ...args];
  return new Promise((resolve) => {
    execFile(KUBECTL, argv, { encoding: "utf8", timeout: 60_000 }, (err, stdout, stderr) => {
      assert.equal(err, null, `kubectl ${args.join(" ")} failed:\n${stdout}\n${stderr}`);
      resolve(stdout);
    });
  });
}

test("kubectl apply -f (client-side validation) creates and then updates a custom resource and a ConfigMap", { skip }, async () => {
  assert.match(await kubectl("apply", "-f", join(dir, "foo.yaml")), /foo\.samplecontroller\.k8s\.io\/f1 created/);
  assert.match(await kubectl("apply", "-f", join(dir, "cm.yaml")), /configmap\/c1 created/);
  writeFileSync(join(dir, "cm.yaml"), readFileSync(join(dir, "cm.yaml"), "utf8").replace("{a: b}", "{a: c}"));
  assert.match(await kubectl("apply", "-f", join(dir, "cm.yaml")), /configmap\/c1 configured/);
});

test("kubectl apply --server-side applies a custom resource", { skip }, async () => {
  assert.match(
    await kubectl("apply", "--server-side", "-f", join(dir, "foo.yaml")),
    /foo\.samplecontroller\.k8s\.io\/f1 serverside-applied/,
  );
});

test("kubectl explain reads a CRD's schema and a built-in's from OpenAPI v3", { skip }, async () => {
  const foo = await kubectl("explain", "foos.spec");
  assert.match(foo, /KIND:\s+Foo/);
  assert.match(foo, /FooSpec is the spec for a Foo resource/);
  assert.match(foo, /deploymentName\s+<string> -required-/);
  assert.match(await kubectl("explain", "deployments.spec.replicas"), /Number of desired pods/);
});
