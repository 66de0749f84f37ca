import { Code, errorAt, type Diagnostic } from "../diagnostics/index.js";
import { celTypeOf, messageExpressionError } from "@kube-codegen/apiextensions/crd-checks";
import type { InternalSchema, JSONSchemaProps } from "@kube-codegen/apiextensions";
import { visitNodes } from "./rule-field-paths.js";
import { joinPath, type SourceMap } from "./source-map.js";

// A CEL rule's messageExpression must compile to a string against the object the rule sits on:
// servers that know messageExpression (1.27 and later) refuse the CRD otherwise, and older ones drop
// it, so the offline CRD checks (modelled on a 1.24 server) never see it. Checked at generation.

/** Every rule below `schema` (at `path`, the resource root) whose messageExpression does not compile to a string. */
export function checkMessageExpressions(schema: JSONSchemaProps, path: string, sources: SourceMap): Diagnostic[] {
  const out: Diagnostic[] = [];
  visitNodes(schema, path, (node, at) => {
    const rules = node["x-kubernetes-validations"] ?? [];
    if (!rules.some((r) => (r.messageExpression ?? "").trim() !== "")) return;
    const self = celTypeOf(node as InternalSchema, at === path || node["x-kubernetes-embedded-resource"] === true);
    if (self === undefined) return;
    rules.forEach((rule, i) => {
      const expression = rule.messageExpression ?? "";
      if (expression.trim() === "") return;
      const problem = messageExpressionError(expression, self);
      if (problem === undefined) return;
      out.push(
        errorAt(
          sources.lookup(`${joinPath(at, "x-kubernetes-validations")}[${i}]`),
          Code.badMessageExpression,
          `+kubebuilder:validation:XValidation: ${problem.split("\n")[0]}`,
          "messageExpression is CEL that evaluates to a string, e.g. messageExpression=\"'replicas must be at most ' + string(self.max)\"",
        ),
      );
    });
  });
  return out;
}
