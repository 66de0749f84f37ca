// Package v1 has no group.
export {};
