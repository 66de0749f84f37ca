// +k8s:deepcopy-gen=package
// +groupName=helm.example.com

// Package v1 is the seed's HelmRelease case: HelmValues holds free-form chart values
// (`unknown`), so it opts out of generated deep copies and hand-writes its own
// (see values_deepcopy.ts).
export {};
