// +k8s:deepcopy-gen=package
// +groupName=app.example.com
export {};
