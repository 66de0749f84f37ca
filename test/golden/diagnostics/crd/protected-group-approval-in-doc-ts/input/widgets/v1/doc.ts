// +groupName=widgets.k8s.io
// +k8s:deepcopy-gen=package
// +kubebuilder:metadata:annotations="api-approved.kubernetes.io=https://github.com/kubernetes/enhancements/pull/1111"
export {};
