// +groupName=Example.COM/../x
export {};
