// +k8s:deepcopy-gen=package
// +k8s:deepcopy-gen:unknown=json
// +groupName=common.example.com

// Package v1 holds types other example packages share: it has no kinds of its own. Its opaque
// data is copied as JSON, also where another package inlines its types.
export {};
