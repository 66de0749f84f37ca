// Stage: config. Owns the Options a run uses, their defaults and the config file. It must not
// parse argv (the cli does) or read API packages.
export * from "./options.js";
export * from "./option-table.js";
export * from "./load-config.js";
export * from "./config-schema.js";
