// The pod registry strategy: DELETE answers with the pod, and pods delete gracefully (CheckGracefulDeletion):
// a scheduled pod that has not finished keeps running for its grace period, which the generic delete
// (registry/write-delete.ts) turns into deletionTimestamp = now + period.
import { DEFAULT_STRATEGY, type Strategy } from "../registry/strategy.js";

export const POD_STRATEGY: Strategy = {
  ...DEFAULT_STRATEGY,
  returnDeletedObject: true,
  gracePeriodSeconds(obj, opts) {
    const spec = (obj["spec"] ?? {}) as Record<string, unknown>;
    const phase = ((obj["status"] ?? {}) as Record<string, unknown>)["phase"];
    // An unscheduled or finished pod has no kubelet to wait for: it goes at once.
    if (!spec["nodeName"] || phase === "Failed" || phase === "Succeeded") return 0;
    return (
      opts.gracePeriodSeconds ?? (typeof spec["terminationGracePeriodSeconds"] === "number" ? spec["terminationGracePeriodSeconds"] : 0)
    );
  },
};
