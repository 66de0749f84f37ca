#!/usr/bin/env node
// Entry point: runs the compiled CLI. `npm ci` builds dist/ through the prepare script.
import { main } from "../dist/cli/index.js";
main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
