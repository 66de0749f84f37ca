// The type names cel-go's standard environment declares, for the checker (an identifier naming one
// is a type value) and the runtime cost (a type value is a constant in cel-go's plan).
export const TYPE_NAMES: ReadonlySet<string> = new Set([
  "int",
  "uint",
  "double",
  "bool",
  "string",
  "bytes",
  "list",
  "map",
  "null_type",
  "type",
  "dyn",
]);
