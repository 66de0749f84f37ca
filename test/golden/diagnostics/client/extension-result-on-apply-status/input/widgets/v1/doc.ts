// +groupName=widgets.example.com
export {};
