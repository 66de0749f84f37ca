// +k8s:deepcopy-gen=package
// +groupName=shipyard.example.com

// Package v3 is the hub and storage version.
export {};
