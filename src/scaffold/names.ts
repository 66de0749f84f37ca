// What `kube-codegen init` and `create api` accept as names, checked before any of them reaches a
// file's text or path: each is held to the grammar Kubernetes (or npm) gives it, which leaves no
// room for quotes, newlines, comment ends or path separators, so no value can inject code into the
// scaffolded TypeScript or break its YAML.
import { pluralize } from "../model/naming.js";

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** A DNS-1123 subdomain (RFC 1123): lower-case labels joined by dots, at most 253 characters. */
export function isDnsSubdomain(s: string): boolean {
  return s.length > 0 && s.length <= 253 && s.split(".").every((l) => l.length <= 63 && DNS_LABEL.test(l));
}

/** Why `value` cannot be the flag `flag`, or undefined when it can. */
export type NameCheck = (value: string) => string | undefined;

/** --domain: the API groups' suffix (kubebuilder's my.domain). */
export const checkDomain: NameCheck = (v) =>
  isDnsSubdomain(v) && v.includes(".") ? undefined : "must be a DNS subdomain with at least one dot, such as my.domain";

/** --group: the group's first label; the API group is `<group>.<domain>`. */
export const checkGroup: NameCheck = (v) =>
  DNS_LABEL.test(v) && v.length <= 63 && !/^[0-9]/.test(v)
    ? undefined
    : "must be a DNS label starting with a letter (lower-case letters, digits and '-'), such as webapp";

/** --version: a Kubernetes API version (v1, v1beta1, v2alpha3). */
export const checkVersion: NameCheck = (v) =>
  /^v[1-9][0-9]*((alpha|beta)[1-9][0-9]*)?$/.test(v) ? undefined : "must be a Kubernetes API version such as v1, v1beta1 or v2alpha1";

/** --kind: an upper-camel-case identifier, as Go and TypeScript type names. */
export const checkKind: NameCheck = (v) =>
  /^[A-Z][A-Za-z0-9]*$/.test(v) && v.length <= 63 ? undefined : "must be an UpperCamelCase name of letters and digits, such as Guestbook";

/** --owner: the copyright holder on the boilerplate's line; printable text without comment ends. */
export const checkOwner: NameCheck = (v) =>
  v.trim() !== "" && v.length <= 200 && !/[\p{Cc}\p{Zl}\p{Zp}]/u.test(v) && !v.includes("*/")
    ? undefined
    : "must be one line of printable text without '*/'";

/** The project's name (its directory's): an npm package name without a scope, also used in manifests' names. */
export const checkProjectName: NameCheck = (v) =>
  DNS_LABEL.test(v) && v.length <= 40
    ? undefined
    : "must be a DNS label (lower-case letters, digits and '-', at most 40 characters), since it names the package and the manifests";

/** The names a kind's files, types and resources take. */
export interface KindNames {
  readonly kind: string;
  /** kind in lower case: file names and the resource's singular. */
  readonly lower: string;
  /** The resource (plural), as the generator derives it. */
  readonly plural: string;
  /** kind with a lower-case first letter: the registration's and the setup function's stem. */
  readonly camel: string;
}

/** The names of `kind` (already checked). */
export function kindNames(kind: string): KindNames {
  return { kind, lower: kind.toLowerCase(), plural: pluralize(kind), camel: kind.charAt(0).toLowerCase() + kind.slice(1) };
}
