// Writes config.schema.json, the config file's JSON Schema, from the option table
// (src/config/option-table.ts through src/config/config-schema.ts). The package ships it, and each
// config file names it by `$schema` so editors complete and check the file.
//
//   node --import tsx scripts/update-config-schema.ts           rewrites it when its bytes change
//   node --import tsx scripts/update-config-schema.ts --verify  exits 1 with a diff when stale
//
// hack/update-codegen.sh and hack/verify-codegen.sh run it; test/cli/config-schema.test.ts checks
// the committed file is the table's schema.
import { writeOrVerifyGenerated } from "./generated-file.js";
import { CONFIG_SCHEMA_FILE, configSchemaText } from "../src/config/index.js";

writeOrVerifyGenerated(CONFIG_SCHEMA_FILE, configSchemaText());
