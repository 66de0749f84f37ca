// Conversion webhooks, as controller-runtime's pkg/webhook/conversion: a kind served at several
// versions names one hub version, and each other (spoke) version says how its objects convert to
// the hub and back (controller-runtime's Hub and Convertible: ConvertTo, ConvertFrom). The API
// server POSTs an apiextensions.k8s.io/v1 ConversionReview with the objects and the desired
// apiVersion; each object goes spoke → hub, hub → spoke, or spoke → hub → spoke, and the answer
// carries the converted objects with result Success, or result Failure with the first error's
// message (nothing converted), as controller-runtime answers.
import type { KubeObject } from "../client/object-types.js";
import type { Status } from "../core/status.js";

/** How one spoke version converts (controller-runtime's Convertible). Both get a copy to change or replace. */
export interface SpokeConversion {
  /** The spoke object as the hub version (ConvertTo). */
  toHub(spoke: KubeObject): KubeObject;
  /** The hub object as this spoke version (ConvertFrom). */
  fromHub(hub: KubeObject): KubeObject;
}

/** A kind's versions: its hub, and a conversion for every other version served. */
export interface ConvertibleKind {
  readonly group: string;
  readonly kind: string;
  /** The hub version (kubebuilder marks it with the Hub() method; it is usually the storage version). */
  readonly hub: string;
  readonly spokes: Readonly<Record<string, SpokeConversion>>;
}

/** apiextensions.k8s.io/v1 ConversionReview. */
export interface ConversionReview {
  apiVersion: "apiextensions.k8s.io/v1";
  kind: "ConversionReview";
  request?: { uid: string; desiredAPIVersion: string; objects: KubeObject[] };
  response?: { uid: string; convertedObjects?: KubeObject[]; result: Status };
}

function splitApiVersion(apiVersion: string): { group: string; version: string } {
  const i = apiVersion.lastIndexOf("/");
  return i < 0 ? { group: "", version: apiVersion } : { group: apiVersion.slice(0, i), version: apiVersion.slice(i + 1) };
}

/** Converts objects between the versions of the kinds given. */
export class Converter {
  private readonly kinds = new Map<string, ConvertibleKind>();

  constructor(kinds: readonly ConvertibleKind[] = []) {
    for (const k of kinds) this.add(k);
  }

  /** Adds a kind; one hub per group and kind. */
  add(kind: ConvertibleKind): void {
    const key = `${kind.kind}.${kind.group}`;
    if (this.kinds.has(key)) throw new Error(`conversion of ${key} is already registered`);
    if (Object.hasOwn(kind.spokes, kind.hub)) throw new Error(`${key}: the hub version ${kind.hub} cannot also be a spoke`);
    this.kinds.set(key, kind);
  }

  /** `obj` at `desiredApiVersion`; throws with controller-runtime's messages when it cannot. */
  convert(obj: KubeObject, desiredApiVersion: string): KubeObject {
    const src = splitApiVersion(obj.apiVersion ?? "");
    const dst = splitApiVersion(desiredApiVersion);
    const kindName = obj.kind ?? "";
    if (src.group !== dst.group)
      throw new Error(
        `src ${obj.apiVersion ?? ""}, Kind=${kindName} and dst ${desiredApiVersion}, Kind=${kindName} does not belong to same API Group`,
      );
    if (src.version === dst.version) throw new Error(`conversion is not allowed between same type ${desiredApiVersion}, Kind=${kindName}`);
    const kind = this.kinds.get(`${kindName}.${src.group}`);
    if (!kind) throw new Error(`${obj.apiVersion ?? ""}, Kind=${kindName} is not convertible to ${desiredApiVersion}, Kind=${kindName}`);
    const spoke = (v: string): SpokeConversion => {
      const s = kind.spokes[v];
      if (!s)
        throw new Error(`${kind.group}/${v}, Kind=${kindName} is not convertible: version ${v} has no conversion to the hub ${kind.hub}`);
      return s;
    };
    const withVersion = (o: KubeObject, v: string): KubeObject => ({ ...o, apiVersion: `${kind.group}/${v}`, kind: kindName });
    const copy = structuredClone(obj);
    const hub = src.version === kind.hub ? copy : withVersion(spoke(src.version).toHub(copy), kind.hub);
    return dst.version === kind.hub ? withVersion(hub, kind.hub) : withVersion(spoke(dst.version).fromHub(hub), dst.version);
  }

  /** The answer to a ConversionReview (the body the API server posted). */
  review(body: unknown): { code: number; body: unknown } {
    const review = body as Partial<ConversionReview> | null;
    const request = review?.request;
    // As controller-runtime: a body that is not a review with a request is a 400 with no body.
    if (review?.kind !== "ConversionReview" || !request || typeof request !== "object") return { code: 400, body: undefined };
    const uid = typeof request.uid === "string" ? request.uid : "";
    try {
      const objects = Array.isArray(request.objects) ? request.objects : [];
      const desired: unknown = (request as { desiredAPIVersion?: unknown }).desiredAPIVersion;
      const convertedObjects = objects.map((o) => this.convert(o, typeof desired === "string" ? desired : ""));
      return {
        code: 200,
        body: {
          apiVersion: "apiextensions.k8s.io/v1",
          kind: "ConversionReview",
          response: { uid, convertedObjects, result: { metadata: {}, status: "Success" } },
        },
      };
    } catch (err) {
      return {
        code: 200,
        body: {
          apiVersion: "apiextensions.k8s.io/v1",
          kind: "ConversionReview",
          response: { uid, result: { metadata: {}, status: "Failure", message: err instanceof Error ? err.message : String(err) } },
        },
      };
    }
  }
}
