// +groupName=lib.example.com
export {};
