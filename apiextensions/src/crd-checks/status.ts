// The 422 Status body the server answers a rejected CRD create with, so the test API server
// can return it verbatim.
import { formatCrdProblem, type CrdProblem } from "./problem.js";

/** A metav1.Status for an Invalid CustomResourceDefinition. */
export interface CrdInvalidStatus {
  kind: "Status";
  apiVersion: "v1";
  metadata: Record<string, never>;
  status: "Failure";
  message: string;
  reason: "Invalid";
  details: {
    name: string;
    group: "apiextensions.k8s.io";
    kind: "CustomResourceDefinition";
    causes: { reason: string; message: string; field: string }[];
  };
  code: 422;
}

/** The server's 422 body: `CustomResourceDefinition.apiextensions.k8s.io "<name>" is invalid: <causes>`. */
export function crdInvalidStatus(name: string, problems: readonly CrdProblem[]): CrdInvalidStatus {
  const joined = problems.map(formatCrdProblem);
  const list = joined.length === 1 ? joined[0]! : `[${joined.join(", ")}]`;
  return {
    kind: "Status",
    apiVersion: "v1",
    metadata: {},
    status: "Failure",
    message: `CustomResourceDefinition.apiextensions.k8s.io ${JSON.stringify(name)} is invalid: ${list}`,
    reason: "Invalid",
    details: {
      name,
      group: "apiextensions.k8s.io",
      kind: "CustomResourceDefinition",
      causes: problems.map((p) => ({ reason: p.reason, message: p.message, field: p.field })),
    },
    code: 422,
  };
}
