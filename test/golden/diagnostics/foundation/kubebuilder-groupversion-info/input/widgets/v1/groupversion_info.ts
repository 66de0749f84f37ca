// Package v1 contains API Schema definitions for the widgets v1 API group, as kubebuilder lays it out.
// +kubebuilder:object:generate=true
// +groupName=widgets.example.com
export const GroupVersion = { group: "widgets.example.com", version: "v1" };
