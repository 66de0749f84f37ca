// Kubernetes' CEL format library (k8s.io/apiserver/pkg/cel/library/format.go, in the environment
// since 1.31): format.named(name) -> optional(Format), format.<name>() -> Format, and
// <Format>.validate(s) -> optional(list(string)): optional.none() when s is valid, else the
// messages of the apimachinery check the format names (1.37's wording). A Format is an opaque CEL
// map holding its name under a key no JSON object can have, so two formats are equal by name.
import { celFunc, celList, celMap, celMethod, CelScalar, isCelMap, mapType, type CelFunc, type CelValue } from "@bufbuild/cel";
import { formatChecker } from "../formats.js";
import { parseRequestURIError } from "../go-url.js";
import {
  dns1035LabelProblems,
  dns1123LabelProblems,
  dns1123SubdomainProblems,
  labelValueProblems,
  maskTrailingDash,
  qualifiedNameProblems,
} from "../name-rules.js";
import { FORMAT_NAMES, type FormatName } from "./format-names.js";
import { optionalNone, optionalOf } from "./optional-library.js";

const { STRING, DYN } = CelScalar;
const FORMAT = mapType(STRING, DYN);
const KEY = "\u0000format";

/** strfmt's check of a CRD format, failing with the library's one message. */
const strfmt =
  (format: string, message: string) =>
  (s: string): string[] =>
    formatChecker(format)?.(s) === false ? [message] : [];

/** The named formats' checks (format.go's ConstantFormats). */
const CHECKS: Record<FormatName, (s: string) => string[]> = {
  dns1123Label: (s: string) => dns1123LabelProblems(s, "1.37"),
  dns1123Subdomain: (s: string) => dns1123SubdomainProblems(s, "1.37"),
  dns1035Label: (s: string) => dns1035LabelProblems(s),
  qualifiedName: (s: string) => qualifiedNameProblems(s, "1.37"),
  // The prefixes are generateName's checks: a trailing dash is allowed.
  dns1123LabelPrefix: (s: string) => dns1123LabelProblems(maskTrailingDash(s), "1.37"),
  dns1123SubdomainPrefix: (s: string) => dns1123SubdomainProblems(maskTrailingDash(s), "1.37"),
  dns1035LabelPrefix: (s: string) => dns1035LabelProblems(maskTrailingDash(s)),
  labelValue: (s: string) => labelValueProblems(s, "1.37"),
  uri: (s: string) => {
    const err = parseRequestURIError(s);
    return err === undefined ? [] : [err];
  },
  uuid: strfmt("uuid", "does not match the UUID format"),
  byte: strfmt("byte", "invalid base64"),
  date: strfmt("date", "invalid date"),
  datetime: strfmt("datetime", "invalid datetime"),
};

const formatValue = (name: string): CelValue => celMap(new Map([[KEY, name]]));

const isFormatName = (name: string): name is FormatName => Object.hasOwn(CHECKS, name);

/** The name of a Format value; undefined for anything else. */
export function formatNameOf(v: CelValue): FormatName | undefined {
  const name = isCelMap(v) ? v.get(KEY) : undefined;
  return typeof name === "string" && isFormatName(name) ? name : undefined;
}

function formatOf(v: CelValue): (s: string) => string[] {
  const name = formatNameOf(v);
  if (name === undefined) throw new Error("no such overload");
  return CHECKS[name];
}

export const formatLibrary: CelFunc[] = [
  celFunc("format.named", [STRING], DYN, (name) => (isFormatName(name) ? optionalOf(formatValue(name)) : optionalNone())),
  ...FORMAT_NAMES.map((name) => celFunc(`format.${name}`, [], FORMAT, () => new Map([[KEY, name]]))),
  celMethod("validate", FORMAT, [STRING], DYN, function (s) {
    const problems = formatOf(this)(s);
    return problems.length === 0 ? optionalNone() : optionalOf(celList(problems));
  }),
];
