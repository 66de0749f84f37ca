#!/usr/bin/env node
// Entry point: runs the bundled CLI (scripts/bundle-cli.mjs). `npm ci` builds dist/ through the prepare script.
import { main } from "../dist/bundle/index.js";
main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
