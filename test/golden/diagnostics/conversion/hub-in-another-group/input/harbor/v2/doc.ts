// +k8s:deepcopy-gen=package
// +groupName=harbor.example.com

// Package v2 of the harbor group also has a Vessel.
export {};
