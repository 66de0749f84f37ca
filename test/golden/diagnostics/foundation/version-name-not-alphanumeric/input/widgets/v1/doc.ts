// +groupName=widgets.example.com
// +versionName=v1-beta
export {};
