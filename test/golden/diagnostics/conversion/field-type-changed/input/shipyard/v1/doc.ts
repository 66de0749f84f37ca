// +k8s:deepcopy-gen=package
// +k8s:conversion-gen=v2
// +groupName=shipyard.example.com

// Package v1 is a spoke of v2; its replicas was a string.
export {};
