#!/usr/bin/env node
// Entry point of @kube-codegen/testing's command: runs the compiled CLI (dist/ is built by the
// package's build, and by `npm ci` in the kube-codegen repository).
import { main } from "../dist/cli.js";
main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
