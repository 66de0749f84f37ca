// kube-codegen/testing: the test API server under the name it had before it became a package of its
// own. It re-exports @kube-codegen/testing, which a project installs instead to start the server
// without the generator's libraries (docs/architecture.md#packages).
export * from "@kube-codegen/testing";
