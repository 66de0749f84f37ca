// Custom-resource validation's CEL (rules.ts), loaded on demand (../on-demand.ts): compileSchema
// reaches it only for a schema with x-kubernetes-validations.
import { onDemand } from "../on-demand.js";

export const celRules = onDemand("CEL (custom-resource validation)", () => import("./rules.js"));
