import type { ListMeta, ObjectMeta, TypeMeta, int32 } from "@kube-codegen/runtime";

// Gizmo is cluster-wide.
// +genclient
// +genclient:nonNamespaced
// +kubebuilder:resource:path=gizmos,scope=Cluster
// +kubebuilder:selectablefield:JSONPath=".spec.note"
export interface Gizmo extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: GizmoSpec;
}

// GizmoList is a list of Gizmo.
export interface GizmoList extends TypeMeta {
  metadata?: ListMeta;
  items: Gizmo[];
}

export interface GizmoSpec {
  matrix?: GizmoSpecMatrix[];
  // A note, kept with its title and example.
  // +kubebuilder:example="hello"
  // +kubebuilder:title="Note"
  note?: string;
}

// +kubebuilder:validation:MaxItems=3
export type GizmoSpecMatrix = int32[];
