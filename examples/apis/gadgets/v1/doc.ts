// +k8s:deepcopy-gen=package
// +groupName=gadgets.example.com

// Package v1 exercises deep copies across packages: embedded apimachinery types (Condition,
// LabelSelector), embeds through aliases, a type named like another package's, scalar aliases
// of another package, +nullable fields and a field named like an Object.prototype member.
export {};
