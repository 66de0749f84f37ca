// +k8s:deepcopy-gen=package
// +groupName=shipyard.example.com

// Package v2 is the hub and storage version.
export {};
