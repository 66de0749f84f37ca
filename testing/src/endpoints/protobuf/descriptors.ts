// The protobuf messages the test server speaks, from the generated descriptors of the vendored
// upstream generated.proto files (descriptors.generated.ts, scripts/update-protobuf.ts), and which
// message an apiVersion/kind is. Loaded on first use, so a server that never sees protobuf never
// parses them.
import { createFileRegistry, fromBinary, type DescField, type DescMessage, type FileRegistry } from "@bufbuild/protobuf";
import { FileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";
import { DESCRIPTOR_SET_BASE64, GO_FIELD_SHAPES } from "./descriptors.generated.js";

let registry: FileRegistry | undefined;

function files(): FileRegistry {
  registry ??= createFileRegistry(fromBinary(FileDescriptorSetSchema, Buffer.from(DESCRIPTOR_SET_BASE64, "base64")));
  return registry;
}

/** A message by its full protobuf name ("k8s.io.api.core.v1.Pod"). */
export function messageByName(typeName: string): DescMessage | undefined {
  return files().getMessage(typeName);
}

/** The protobuf package of each served group/version (go-to-protobuf names it after the Go package). */
const PACKAGES: Record<string, string> = {
  v1: "k8s.io.api.core.v1",
  "apps/v1": "k8s.io.api.apps.v1",
  "autoscaling/v1": "k8s.io.api.autoscaling.v1",
  "coordination.k8s.io/v1": "k8s.io.api.coordination.v1",
  "events.k8s.io/v1": "k8s.io.api.events.v1",
  "authentication.k8s.io/v1": "k8s.io.api.authentication.v1",
  "authorization.k8s.io/v1": "k8s.io.api.authorization.v1",
  "rbac.authorization.k8s.io/v1": "k8s.io.api.rbac.v1",
  "admissionregistration.k8s.io/v1": "k8s.io.api.admissionregistration.v1",
  "apiextensions.k8s.io/v1": "k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1",
  // PartialObjectMetadata and its list, what the metadata client reads.
  "meta.k8s.io/v1": "k8s.io.apimachinery.pkg.apis.meta.v1",
};

/** Kinds every group version carries (metav1.AddToGroupVersion), whatever apiVersion names them. */
const META_KINDS = new Set(["DeleteOptions", "Status", "WatchEvent"]);

/** The message of an apiVersion/kind the server has a protobuf form for, or undefined. */
export function messageFor(apiVersion: string, kind: string): DescMessage | undefined {
  if (META_KINDS.has(kind)) return messageByName(`k8s.io.apimachinery.pkg.apis.meta.v1.${kind}`);
  const pkg = PACKAGES[apiVersion];
  return pkg === undefined ? undefined : messageByName(`${pkg}.${kind}`);
}

/** How Go holds a field, which both its wire form and its JSON form depend on. */
export interface GoShape {
  /** The JSON name (the .proto name unless Go's json tag says otherwise). */
  json: string;
  /** A Go pointer: written only when set, and its zero value is still a value. */
  pointer: boolean;
  /** omitempty: a zero scalar, empty slice or empty map is left out of the JSON. */
  omitEmpty: boolean;
  /** omitzero: a zero value of any type, structs included, is left out of the JSON. */
  omitZero: boolean;
  /** An embedded struct (PersistentVolumeSource in a PersistentVolumeSpec): its fields are the outer object's in JSON. */
  inline: boolean;
}

const shapes = new WeakMap<DescField, GoShape>();

/** The Go shape of a field (GO_FIELD_SHAPES, written from the Go types of the same release). */
export function goShape(field: DescField): GoShape {
  let shape = shapes.get(field);
  if (shape) return shape;
  const entry = GO_FIELD_SHAPES[field.parent.typeName]?.[String(field.number)];
  const flags = typeof entry === "number" ? entry : (entry?.[0] ?? 0);
  shape = {
    json: typeof entry === "object" ? entry[1] : field.name,
    pointer: (flags & 1) !== 0,
    omitEmpty: (flags & 2) !== 0,
    omitZero: (flags & 4) !== 0,
    inline: (flags & 8) !== 0,
  };
  shapes.set(field, shape);
  return shape;
}
