// The recorded verdicts of the real kube-apiserver 1.37.2 (validating-admission-policy.json),
// evaluated offline by the policy library: for every request the policies judged, the library, given
// the state the recording had built (policies, bindings, params, namespaces, stored objects), allows
// or denies as the server did, with the same status code, reason, message and Warning texts.
import assert from "node:assert/strict";
import { test } from "node:test";
import { admit } from "../../apiextensions/src/admission-policy/index.js";
import { RecordedCluster, recordedExchanges, warningTexts } from "./recording.js";

test("the library gives every recorded verdict of the real 1.37.2, offline", () => {
  const cluster = new RecordedCluster();
  const problems: string[] = [];
  let judged = 0;
  for (const e of recordedExchanges()) {
    if (RecordedCluster.judged(e)) {
      judged++;
      const r = admit([...cluster.policies.values()], [...cluster.bindings.values()], cluster.options(e));
      const body = (e.response.body ?? {}) as { kind?: string; message?: string; reason?: string; code?: number; details?: unknown };
      // A refusal by something else (a webhook the policies let through) is an admission by the policies.
      const denied = body.kind === "Status" && e.response.status >= 400 && String(body.message).includes("ValidatingAdmissionPolicy '");
      if (denied !== !r.allowed) problems.push(`${e.step}: allowed ${String(r.allowed)}, recorded ${String(e.response.status)}`);
      else if (r.status) {
        const got = { code: r.status.code, reason: r.status.reason, message: r.status.message, details: r.status.details };
        const want = { code: body.code, reason: body.reason, message: body.message, details: body.details };
        if (JSON.stringify(got) !== JSON.stringify(want))
          problems.push(`${e.step}: ${JSON.stringify(got)} ≠ recorded ${JSON.stringify(want)}`);
      }
      const warnings = warningTexts(e.response.warning);
      if (JSON.stringify(r.warnings) !== JSON.stringify(warnings))
        problems.push(`${e.step}: warnings ${JSON.stringify(r.warnings)} ≠ recorded ${JSON.stringify(warnings)}`);
    }
    cluster.apply(e);
  }
  assert.ok(judged >= 40, `only ${String(judged)} judged requests in the recording`);
  assert.deepEqual(problems, []);
});
