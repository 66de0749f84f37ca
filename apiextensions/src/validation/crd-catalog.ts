// The CRDs known to `kube-codegen validate`: looked up by group, version and kind, each served version's
// schema compiled on first use and then reused for every resource of that kind.
import type { SchemaValidator } from "./types.js";
import type { ScaleSubresource, JSONSchemaProps } from "../types/index.js";
import { compileSchema } from "./compile-schema.js";
import type { ServerWording } from "./name-rules.js";
import { isObject } from "./schema-node.js";

/** One version of a CRD, with its validator compiled lazily. */
export interface CrdVersion {
  readonly crdName: string;
  readonly group: string;
  readonly kind: string;
  readonly version: string;
  readonly served: boolean;
  readonly scale: ScaleSubresource | undefined;
  /** Whether the version has the status subresource: then the server drops `status` on create. */
  readonly statusSubresource: boolean;
  /** spec.scope is Namespaced (the default when absent is not allowed by v1, so anything but Cluster). */
  readonly namespaced: boolean;
  /** The server release whose messages the checks follow. */
  readonly wording: ServerWording;
  validator(): SchemaValidator;
}

/** Looks up CRD versions by apiVersion and kind. */
export class CrdCatalog {
  private readonly byGroupKind = new Map<string, CrdVersion[]>();
  private readonly names = new Set<string>();
  /** Problems found while adding CRDs (duplicates, missing schemas). */
  readonly problems: string[] = [];

  /** `wording`: the server release whose messages the validators follow; `nameFormats`: see CompileSchemaOptions. */
  constructor(
    private readonly wording: ServerWording = "1.24",
    private readonly nameFormats?: boolean,
  ) {}

  /** Adds a CustomResourceDefinition object; `origin` names it in problems. Returns false when it is not one. */
  add(crd: unknown, origin: string): boolean {
    if (!isObject(crd) || crd["kind"] !== "CustomResourceDefinition") return false;
    if (crd["apiVersion"] !== "apiextensions.k8s.io/v1") {
      this.problems.push(
        `${origin}: CustomResourceDefinition apiVersion ${String(crd["apiVersion"])} is not supported (use apiextensions.k8s.io/v1)`,
      );
      return true;
    }
    const meta = isObject(crd["metadata"]) ? crd["metadata"] : {};
    const spec = isObject(crd["spec"]) ? crd["spec"] : {};
    const names = isObject(spec["names"]) ? spec["names"] : {};
    const name = String(meta["name"] ?? "");
    const group = String(spec["group"] ?? "");
    const kind = String(names["kind"] ?? "");
    const namespaced = spec["scope"] !== "Cluster";
    if (this.names.has(name)) {
      this.problems.push(`${origin}: CustomResourceDefinition ${name} is defined more than once; the first definition is used`);
      return true;
    }
    this.names.add(name);
    const versions: CrdVersion[] = [];
    for (const v of Array.isArray(spec["versions"]) ? spec["versions"] : []) {
      if (!isObject(v)) continue;
      const schema =
        isObject(v["schema"]) && isObject(v["schema"]["openAPIV3Schema"]) ? (v["schema"]["openAPIV3Schema"] as JSONSchemaProps) : undefined;
      if (!schema) {
        this.problems.push(`${origin}: ${name} version ${String(v["name"])} has no schema.openAPIV3Schema`);
        continue;
      }
      let compiled: SchemaValidator | undefined;
      versions.push({
        crdName: name,
        group,
        kind,
        version: String(v["name"] ?? ""),
        // v1's served is a plain bool: left out, it is false, and the version is not served.
        served: v["served"] === true,
        scale: scaleOf(v),
        statusSubresource: isObject(v["subresources"]) && isObject(v["subresources"]["status"]),
        namespaced,
        wording: this.wording,
        validator: () =>
          (compiled ??= compileSchema(schema, {
            wording: this.wording,
            ...(this.nameFormats !== undefined ? { nameFormats: this.nameFormats } : {}),
          })),
      });
    }
    this.byGroupKind.set(`${group}/${kind}`, versions);
    return true;
  }

  /** The versions of the CRD serving `kind` in `group`, or undefined when no CRD defines it. */
  versionsOf(group: string, kind: string): readonly CrdVersion[] | undefined {
    return this.byGroupKind.get(`${group}/${kind}`);
  }

  /** Number of CRDs added. */
  get size(): number {
    return this.byGroupKind.size;
  }
}

function scaleOf(version: Record<string, unknown>): ScaleSubresource | undefined {
  const sub = isObject(version["subresources"]) ? version["subresources"] : undefined;
  const scale = sub && isObject(sub["scale"]) ? sub["scale"] : undefined;
  if (!scale) return undefined;
  return {
    specReplicasPath: String(scale["specReplicasPath"] ?? ""),
    statusReplicasPath: String(scale["statusReplicasPath"] ?? ""),
    ...(typeof scale["labelSelectorPath"] === "string" ? { labelSelectorPath: scale["labelSelectorPath"] } : {}),
  };
}
