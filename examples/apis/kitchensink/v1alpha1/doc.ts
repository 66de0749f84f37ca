// +k8s:deepcopy-gen=package
// +groupName=kitchensink.example.com
// +kubebuilder:validation:Optional

// Package v1alpha1 is an older version of the kitchen sink's Widget; every field is optional unless
// marked required (the package-level +kubebuilder:validation:Optional).
export {};
