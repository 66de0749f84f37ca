// +k8s:deepcopy-gen=false

// Endpoint opts out of generation, but nobody wrote its copy.
export interface Endpoint {
  hosts?: string[];
}
