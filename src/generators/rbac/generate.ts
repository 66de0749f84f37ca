import { goYaml } from "../crd/go-yaml.js";
import { toPosix } from "../paths.js";
import type { Generator } from "../types.js";
import { rbacObjects } from "./rules.js";

/**
 * The `rbac` generator: `<rbac-output>/role.yaml` from the controller sources' `+kubebuilder:rbac`
 * markers, as controller-gen v0.23's `rbac:roleName=<roleName>` writes it: the ClusterRole, then a
 * Role per namespace (and per custom role name), each a `---` document of go-yaml's layout. No
 * rules, no file, as controller-gen writes none.
 */
export const rbacGenerator: Generator = {
  name: "rbac",
  owns: (ctx) => [{ dir: toPosix(ctx.options.rbacOutput), recursive: false, match: /^role\.yaml$/ }],
  generate(ctx) {
    const objects = rbacObjects(ctx.controllers?.rbac ?? [], ctx.options.roleName);
    if (objects.length === 0) return { files: [], diagnostics: [] };
    const dir = toPosix(ctx.options.rbacOutput).replace(/\/+$/, "");
    const body = objects.map((o) => `---\n${goYaml(o)}`).join("");
    return { files: [{ path: `${dir}/role.yaml`, lang: "yaml", body }], diagnostics: [] };
  },
};
