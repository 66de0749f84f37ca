// Client-side checks of the names and namespaces that become URL path segments, with the API
// server's own rules (k8s.io/apimachinery/pkg/util/validation and path.ValidatePathSegmentName),
// so "../x", "a/b" or "" is refused with a clear message before any request is sent rather than
// reaching a different URL. Segments are percent-encoded as well; this check is the first line.

/** How a resource's object names are validated; most use DNS-1123 subdomains. */
export type NameRule = "dns1123-subdomain" | "dns1123-label" | "path-segment";

// The two DNS-1123 forms differ only in pattern, length limit and message; one table holds both.
const DNS1123 = {
  label: {
    pattern: /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/,
    max: 63,
    message:
      "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character",
  },
  subdomain: {
    pattern: /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/,
    max: 253,
    message:
      "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character",
  },
} as const;

/** An object name or namespace the client refused to put into a URL. */
export class InvalidNameError extends Error {
  constructor(
    readonly what: string,
    readonly value: string,
    reasons: readonly string[],
  ) {
    super(`invalid ${what} ${JSON.stringify(value)}: ${reasons.join("; ")}`);
    this.name = "InvalidNameError";
  }
}

/** Why `name` is not a valid path segment (ValidatePathSegmentName), or [] when it is. */
export function pathSegmentProblems(name: string): string[] {
  if (name === "") return ["must not be empty"];
  if (name === "." || name === "..") return [`may not be '${name}'`];
  const out: string[] = [];
  if (name.includes("/")) out.push("may not contain '/'");
  if (name.includes("%")) out.push("may not contain '%'");
  return out;
}

// The path-segment problems, then the DNS-1123 form's length and pattern ones.
function dns1123Problems(name: string, form: (typeof DNS1123)[keyof typeof DNS1123]): string[] {
  const out = pathSegmentProblems(name);
  if (name === "") return out;
  if (name.length > form.max) out.push(`must be no more than ${form.max} characters`);
  if (!form.pattern.test(name)) out.push(form.message);
  return out;
}

/** Why `name` is not a DNS-1123 label (at most 63 characters), or []. */
export function dns1123LabelProblems(name: string): string[] {
  return dns1123Problems(name, DNS1123.label);
}

/** Why `name` is not a DNS-1123 subdomain (at most 253 characters), or []. */
export function dns1123SubdomainProblems(name: string): string[] {
  return dns1123Problems(name, DNS1123.subdomain);
}

/** Throws InvalidNameError unless `name` is a valid object name under `rule`. */
export function validateObjectName(name: string, rule: NameRule = "dns1123-subdomain", what = "name"): void {
  const problems =
    rule === "dns1123-label"
      ? dns1123LabelProblems(name)
      : rule === "path-segment"
        ? pathSegmentProblems(name)
        : dns1123SubdomainProblems(name);
  if (problems.length > 0) throw new InvalidNameError(what, name, problems);
}

/** Throws InvalidNameError unless `namespace` is a DNS-1123 label. */
export function validateNamespace(namespace: string): void {
  validateObjectName(namespace, "dns1123-label", "namespace");
}
