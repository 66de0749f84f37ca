// +groupName=example.com
// +k8s:immutable
export {};
