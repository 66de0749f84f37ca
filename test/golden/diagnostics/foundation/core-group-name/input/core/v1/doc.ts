// Package v1 tries the core group.
// +groupName=
export {};
