// +k8s:deepcopy-gen=package
// +groupName=helm.example.com

// Package v1beta1 is the same HelmRelease with the other way out: chart values are copied as JSON
// data because the field opts in with +k8s:deepcopy-gen:unknown=json.
export {};
