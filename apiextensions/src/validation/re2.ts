// RE2 (@bufbuild/re2, Go's regexp semantics), loaded on demand (on-demand.ts): its module costs the
// test server's start more than any other part left, and only a schema with a `pattern` or a
// hostname format needs it (re2-pattern.ts, formats.ts, crd-checks/regex.ts).
import { onDemand } from "./on-demand.js";

export const re2 = onDemand("RE2", () => import("@bufbuild/re2"));
