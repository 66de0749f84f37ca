// Runs the CLI from source (no build), for development: node --import tsx scripts/kcg-dev.ts generate
import { main } from "../src/cli/main.js";

process.exitCode = await main(process.argv.slice(2));
