// +groupName=example.com
// +k8s:minLength=1
export {};
