// An example project's controller/main.ts run as a user runs it: a child process configured only by
// its environment (KUBECONFIG and whatever else the project reads), its output collected, stopped
// with SIGTERM as a cluster stops a pod.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { repo } from "./examples.js";
import type { ExampleProject } from "./examples.js";

/** A running main.ts: what it has printed so far, and stop() to SIGTERM it and get its exit code. */
export interface RunningMain {
  readonly stdout: () => string;
  readonly stderr: () => string;
  readonly stop: () => Promise<number | null>;
}

export function runMain(project: ExampleProject, env: Record<string, string>): RunningMain {
  const child = spawn(process.execPath, ["--import", "tsx", join(project.dir, "controller/main.ts")], {
    cwd: repo,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => (stdout += c.toString("utf8")));
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
  const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
  return {
    stdout: () => stdout,
    stderr: () => stderr,
    stop: async () => {
      child.kill("SIGTERM");
      return exited;
    },
  };
}
