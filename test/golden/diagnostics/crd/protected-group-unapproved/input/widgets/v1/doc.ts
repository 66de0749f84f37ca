// +groupName=widgets.k8s.io
// +k8s:deepcopy-gen=package
export {};
