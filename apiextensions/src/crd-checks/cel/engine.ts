// The CRD checks' CEL compiler and cost estimator (cel-rules.ts), loaded on demand
// (validation/on-demand.ts): the schema walk reaches it only for x-kubernetes-validations.
import { onDemand } from "../../validation/on-demand.js";

export const celChecks = onDemand("CEL (CRD checks)", () => import("./cel-rules.js"));
