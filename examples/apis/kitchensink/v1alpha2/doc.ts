// +k8s:deepcopy-gen=package
// +groupName=kitchensink.example.com

// Package v1alpha2 is an internal version of the kitchen sink: +kubebuilder:skipversion keeps it
// out of the CRD.
export {};
