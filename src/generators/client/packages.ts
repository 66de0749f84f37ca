// Which packages get a clientset client, shared with the informer generator (whose informers list
// and watch through those clients): packages with a `+genclient` kind that has something to call,
// whose generated names are identifiers and whose group/version accessor no other package takes.
import { Code, errorAt, type Diagnostic } from "../../diagnostics/index.js";
import type { ApiModel, KindModel, PackageModel } from "../../model/index.js";
import { groupVersionAccessor, validNames } from "./names.js";

/** A package of the clientset and its kinds that have a typed client. */
export interface ClientPackage {
  readonly pkg: PackageModel;
  readonly kinds: KindModel[];
}

/** A kind gets a client when it has `+genclient` and something to call: verbs or extensions. */
function hasClient(k: KindModel): boolean {
  return k.client !== undefined && (k.client.verbs.length > 0 || k.client.extensions.length > 0);
}

/** The clientset's packages, in model order, and why any package with clients was left out. */
export function clientPackages(model: ApiModel): { groups: ClientPackage[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const groups: ClientPackage[] = [];
  const accessors = new Map<string, PackageModel>();
  for (const pkg of model.packages) {
    const kinds = pkg.kinds.filter(hasClient);
    if (kinds.length === 0) continue;
    if (!validNames(pkg)) {
      diagnostics.push(
        errorAt(
          pkg.markers.get("groupGoName")?.pos ?? kinds[0]!.pos,
          Code.malformedValue,
          `the client accessor of ${pkg.dir} (${groupVersionAccessor(pkg)}) is not an identifier`,
          "set +groupGoName= in doc.ts to a name like Samplecontroller",
        ),
      );
      continue;
    }
    const clash = accessors.get(groupVersionAccessor(pkg));
    if (clash) {
      diagnostics.push(
        errorAt(
          pkg.markers.get("groupGoName")?.pos ?? kinds[0]!.pos,
          Code.malformedValue,
          `${pkg.dir} and ${clash.dir} both have the clientset accessor ${groupVersionAccessor(pkg)}`,
          "give one group another +groupGoName= in its doc.ts",
        ),
      );
      continue;
    }
    accessors.set(groupVersionAccessor(pkg), pkg);
    groups.push({ pkg, kinds });
  }
  return { groups, diagnostics };
}
