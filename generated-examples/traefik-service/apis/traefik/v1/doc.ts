// Package v1 contains API Schema definitions for the traefik v1 API group (kubebuilder's
// TraefikService, in the TypeScript dialect).
// +kubebuilder:object:generate=true
// +groupName=traefik.magedu.com
export {};
