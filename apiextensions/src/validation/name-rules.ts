// The name syntaxes of apimachinery's util/validation (DNS-1123 labels and subdomains, DNS-1035 labels,
// qualified names, label values, path segments) with the server's messages, shared by ObjectMeta checks here,
// the validate command and the test API server's label selectors.
// Lengths count UTF-8 bytes, as Go's len() does, so a non-ASCII name hits the same limits as on a server.

const DNS1123_LABEL = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
const DNS1123_SUBDOMAIN = `${DNS1123_LABEL}(\\.${DNS1123_LABEL})*`;
const DNS1035_LABEL = "[a-z]([-a-z0-9]*[a-z0-9])?";
const QUALIFIED_NAME = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
const LABEL_VALUE = `(${QUALIFIED_NAME})?`;

const dns1123LabelRe = new RegExp(`^${DNS1123_LABEL}$`);
const dns1123SubdomainRe = new RegExp(`^${DNS1123_SUBDOMAIN}$`);
const dns1035LabelRe = new RegExp(`^${DNS1035_LABEL}$`);
const qualifiedNameRe = new RegExp(`^${QUALIFIED_NAME}$`);
const labelValueRe = new RegExp(`^${LABEL_VALUE}$`);

/** The kube-apiserver whose wording the messages follow: 1.24 (the default) or 1.37, where apimachinery
 *  counts qualified-name and label-value lengths in "bytes", calls a key with two '/' "a valid label key",
 *  and tells a DNS-1123 label that would be a valid subdomain that it "must not contain dots". */
export type ServerWording = "1.24" | "1.37";

/** How a resource's names are validated: DNS subdomain (most kinds and every custom resource), DNS-1123
 *  label (namespaces) or path segment (a few kinds whose names only need to be URL-safe). */
export type NameRule = "subdomain" | "label" | "path-segment";

const byteLength = (s: string): number => Buffer.byteLength(s, "utf8");
const maxLen = (n: number, wording: ServerWording = "1.24"): string =>
  `must be no more than ${n} ${wording === "1.37" ? "bytes" : "characters"}`;
// validation.RegexError: the rule, examples and the regular expression itself.
const regexError = (msg: string, re: string, ...examples: string[]): string =>
  `${msg} (e.g. ${examples.map((e) => `'${e}'`).join(",  or ")}, regex used for validation is '${re}')`;

const DNS1123_LABEL_MSG =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
const DNS1123_SUBDOMAIN_MSG =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const DNS1035_MSG =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";
const QUALIFIED_NAME_MSG =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const LABEL_VALUE_MSG =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";

/** validation.IsDNS1123Label; 1.37 answers a name that is a valid subdomain (its only fault is a dot) shortly. */
export function dns1123LabelProblems(s: string, wording: ServerWording = "1.24"): string[] {
  const out: string[] = [];
  if (byteLength(s) > 63) out.push(maxLen(63));
  if (dns1123LabelRe.test(s)) return out;
  if (wording === "1.37" && dns1123SubdomainRe.test(s)) out.push("must not contain dots");
  else out.push(regexError(DNS1123_LABEL_MSG, DNS1123_LABEL, "my-name", "123-abc"));
  return out;
}

/** validation.IsDNS1123Subdomain (`wording` only words the length of a qualified name's prefix). */
export function dns1123SubdomainProblems(s: string, wording: ServerWording = "1.24"): string[] {
  const out: string[] = [];
  if (byteLength(s) > 253) out.push(maxLen(253, wording));
  if (!dns1123SubdomainRe.test(s)) out.push(regexError(DNS1123_SUBDOMAIN_MSG, DNS1123_SUBDOMAIN, "example.com"));
  return out;
}

/** validation.IsDNS1035Label */
export function dns1035LabelProblems(s: string): string[] {
  const out: string[] = [];
  if (byteLength(s) > 63) out.push(maxLen(63));
  if (!dns1035LabelRe.test(s)) out.push(regexError(DNS1035_MSG, DNS1035_LABEL, "my-name", "abc-123"));
  return out;
}

/** path.IsValidPathSegmentName (or, with `prefix`, IsValidPathSegmentPrefix, which allows "." and ".."). */
export function pathSegmentProblems(name: string, prefix = false): string[] {
  if (!prefix && (name === "." || name === "..")) return [`may not be '${name}'`];
  return ["/", "%"].filter((c) => name.includes(c)).map((c) => `may not contain '${c}'`);
}

/** validation.IsQualifiedName: an optional DNS-subdomain prefix and '/', then a name of at most 63 characters. */
export function qualifiedNameProblems(value: string, wording: ServerWording = "1.24"): string[] {
  const parts = value.split("/");
  const out: string[] = [];
  if (parts.length > 2) {
    return [
      `${wording === "1.37" ? "a valid label key" : "a qualified name"} ${regexError(QUALIFIED_NAME_MSG, QUALIFIED_NAME, "MyName", "my.name", "123-abc")} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ];
  }
  const name = parts.length === 2 ? (parts[1] ?? "") : value;
  if (parts.length === 2) {
    const prefix = parts[0] ?? "";
    if (prefix === "") out.push("prefix part must be non-empty");
    else out.push(...dns1123SubdomainProblems(prefix, wording).map((m) => `prefix part ${m}`));
  }
  if (name === "") out.push("name part must be non-empty");
  else if (byteLength(name) > 63) out.push(`name part ${maxLen(63, wording)}`);
  // Go runs the pattern even on an empty name, so an empty name part gets both messages.
  if (!qualifiedNameRe.test(name)) out.push(`name part ${regexError(QUALIFIED_NAME_MSG, QUALIFIED_NAME, "MyName", "my.name", "123-abc")}`);
  return out;
}

/** validation.IsValidLabelValue */
export function labelValueProblems(value: string, wording: ServerWording = "1.24"): string[] {
  const out: string[] = [];
  if (byteLength(value) > 63) out.push(maxLen(63, wording));
  if (!labelValueRe.test(value)) out.push(regexError(LABEL_VALUE_MSG, LABEL_VALUE, "MyValue", "my_value", "12345"));
  return out;
}

// apimachinery's maskTrailingDash: a generateName may end in '-' (the random suffix follows), so the server
// replaces its last two characters by "a" before checking it as a name.
export function maskTrailingDash(name: string): string {
  return name.length > 1 && name.endsWith("-") ? `${name.slice(0, -2)}a` : name;
}

/** Problems with a name (or, with `prefix`, a generateName) under `rule`, without the "Invalid value" part. */
export function nameProblems(name: string, rule: NameRule, prefix = false, wording: ServerWording = "1.24"): string[] {
  const s = prefix ? maskTrailingDash(name) : name;
  if (rule === "path-segment") return pathSegmentProblems(name, prefix);
  return rule === "label" ? dns1123LabelProblems(s, wording) : dns1123SubdomainProblems(s);
}
