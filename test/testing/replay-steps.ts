// Replaying a transcript recorded from the real kube-apiserver against the test server: each step's
// request is sent in order, with the resourceVersions the real server gave translated to ours, and
// what matters of each answer (the test's `essence`) compared with what the real server answered.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import type { ApiClient } from "./api-client.js";

export type Obj = Record<string, unknown>;

/** One recorded request and the real server's answer. */
export interface Step {
  name: string;
  method: string;
  path: string;
  request: Obj | null;
  code: number;
  response: Obj;
}

/** The steps of a transcript under test/fixtures (e.g. "lease-1.24/lease-transcript.json"). */
export function loadSteps(fixture: string): Step[] {
  return (JSON.parse(readFileSync(new URL(`../fixtures/${fixture}`, import.meta.url), "utf8")) as { steps: Step[] }).steps;
}

/** An object's metadata (an empty object when it has none). */
export const meta = (o: Obj | null): Obj => (o?.["metadata"] ?? {}) as Obj;

/** Sends every step in order; each answer's essence must equal the recorded one's (named by the step). */
export async function replaySteps(
  api: ApiClient,
  steps: Step[],
  essence: (code: number, body: Obj, sent: Obj | null) => Obj,
): Promise<void> {
  const rvs = new Map<string, string>();
  for (const step of steps) {
    const body = step.request && structuredClone(step.request);
    const rv = body && meta(body)["resourceVersion"];
    if (body && typeof rv === "string") meta(body)["resourceVersion"] = rvs.get(rv) ?? rv;
    const answer = await api.request(step.method, step.path, body ?? undefined);
    const got = answer.body as Obj;
    assert.deepEqual(essence(answer.status, got, step.request), essence(step.code, step.response, step.request), step.name);
    const recordedRv = meta(step.response)["resourceVersion"];
    const ourRv = meta(got)["resourceVersion"];
    if (typeof recordedRv === "string" && typeof ourRv === "string") rvs.set(recordedRv, ourRv);
  }
}
