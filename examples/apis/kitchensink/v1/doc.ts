// +k8s:deepcopy-gen=package
// +groupName=kitchensink.example.com

// Package v1 is the kitchen sink: one kind that uses every CRD marker kube-codegen knows, so its
// generated CRD (generated-examples/config/crd/bases/kitchensink.example.com_widgets.yaml) shows
// what each marker does. v1 is the storage version; v1beta1 is deprecated, v1alpha1 unserved and
// v1alpha2 skipped.
export {};
