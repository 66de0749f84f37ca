// Client-side checks of the names and namespaces that become URL path segments, with the API
// server's own rules (k8s.io/apimachinery/pkg/util/validation and path.ValidatePathSegmentName),
// so "../x", "a/b" or "" is refused with a clear message before any request is sent rather than
// reaching a different URL. Segments are percent-encoded as well; this check is the first line.

/** How a resource's object names are validated; most use DNS-1123 subdomains. */
export type NameRule = "dns1123-subdomain" | "dns1123-label" | "path-segment";

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const DNS1123_LABEL_MAX = 63;
const DNS1123_SUBDOMAIN_MAX = 253;

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

/** Why `name` is not a DNS-1123 label (at most 63 characters), or []. */
export function dns1123LabelProblems(name: string): string[] {
  const out = pathSegmentProblems(name);
  if (name === "") return out;
  if (name.length > DNS1123_LABEL_MAX) out.push(`must be no more than ${DNS1123_LABEL_MAX} characters`);
  if (!DNS1123_LABEL.test(name))
    out.push(
      "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character",
    );
  return out;
}

/** Why `name` is not a DNS-1123 subdomain (at most 253 characters), or []. */
export function dns1123SubdomainProblems(name: string): string[] {
  const out = pathSegmentProblems(name);
  if (name === "") return out;
  if (name.length > DNS1123_SUBDOMAIN_MAX) out.push(`must be no more than ${DNS1123_SUBDOMAIN_MAX} characters`);
  if (!DNS1123_SUBDOMAIN.test(name))
    out.push(
      "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character",
    );
  return out;
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
  const problems = dns1123LabelProblems(namespace);
  if (problems.length > 0) throw new InvalidNameError("namespace", namespace, problems);
}
