// Writes config.schema.json, the config file's JSON Schema, from the option table
// (src/config/option-table.ts through src/config/config-schema.ts). The package ships it, and each
// config file names it by `$schema` so editors complete and check the file.
//
//   node --import tsx scripts/update-config-schema.ts           rewrites it when its bytes change
//   node --import tsx scripts/update-config-schema.ts --verify  exits 1 with a diff when stale
//
// hack/update-codegen.sh and hack/verify-codegen.sh run it; test/cli/config-schema.test.ts checks
// the committed file is the table's schema.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createTwoFilesPatch } from "diff";
import { CONFIG_SCHEMA_FILE, configSchemaText } from "../src/config/index.js";

const path = join(import.meta.dirname, "..", CONFIG_SCHEMA_FILE);
const want = configSchemaText();
const have = existsSync(path) ? readFileSync(path, "utf8") : undefined;
if (process.argv.includes("--verify")) {
  if (have !== want) {
    process.stderr.write(createTwoFilesPatch(CONFIG_SCHEMA_FILE, CONFIG_SCHEMA_FILE, have ?? "", want, "committed", "generated"));
    process.stderr.write(`${CONFIG_SCHEMA_FILE} is stale: run hack/update-codegen.sh\n`);
    process.exitCode = 1;
  }
} else if (have !== want) {
  // Only when the bytes change, so a run that changes nothing leaves the file's mtime alone.
  writeFileSync(path, want);
}
