import type { int32, ListMeta, ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// +genclient
// +kubebuilder:subresource:status
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
// +kubebuilder:metadata:annotations="api-approved.kubernetes.io=unapproved, experimental-only; please get an approval from Kubernetes API reviewers if you're trying to develop a CRD in the *.k8s.io or *.kubernetes.io groups"

// Foo is a specification for a Foo resource
export interface Foo extends TypeMeta {
  metadata?: ObjectMeta;

  spec: FooSpec;
  // The status subresource's part: written by the controller through updateStatus, dropped by the
  // server from creates and updates of the Foo itself (so it is optional, as omitempty in Go).
  status?: FooStatus;
}

// FooSpec is the spec for a Foo resource
export interface FooSpec {
  deploymentName: string;
  // +kubebuilder:validation:Minimum=1
  // +kubebuilder:validation:Maximum=10
  replicas: int32 | null;
}

// FooStatus is the status for a Foo resource
export interface FooStatus {
  availableReplicas: int32;
}

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// FooList is a list of Foo resources
export interface FooList extends TypeMeta {
  metadata: ListMeta;

  items: Foo[];
}
