// +k8s:deepcopy-gen=false

// Endpoint opts out of generation, its copy is hand-written.
export interface Endpoint {
  hosts?: string[];
}
