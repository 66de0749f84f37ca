// String formats as the server checks them: the apiextensions "supported formats" list (1.24's, plus the
// Kubernetes name formats from 1.34), validated like kube-openapi's strfmt registry. Formats outside the
// list (int32, int64, float, double, quantity ...) are stripped by the server before validation, so they
// are never checked here either.
import { isIPv6 } from "node:net";
import { compilePattern } from "./re2-pattern.js";

type Check = (s: string) => boolean;

// Compiled on first use: the hostname pattern's Unicode classes cost RE2's tables about 150 ms,
// which every importer (the test server's start, `kube-codegen validate`) would otherwise pay
// before checking a single string, and most CRDs use no hostname format.
const re = (pattern: string): Check => {
  let check: Check | undefined;
  return (s) => {
    if (check === undefined) {
      const p = compilePattern(pattern);
      check = p.ok ? (v) => p.test(v) : () => false;
    }
    return check(s);
  };
};

const HOSTNAME = re(
  `^([a-zA-Z0-9\\p{S}\\p{L}]((-?[a-zA-Z0-9\\p{S}\\p{L}]{0,62})?)|([a-zA-Z0-9\\p{S}\\p{L}](([a-zA-Z0-9-\\p{S}\\p{L}]{0,61}[a-zA-Z0-9\\p{S}\\p{L}])?)(\\.)){1,}([a-zA-Z0-9\\p{S}\\p{L}])(-?[a-zA-Z0-9\\p{S}\\p{L}]){1,62})$`,
);
const DATE_TIME_CLOCK = /^([0-9]{2}):([0-9]{2}):([0-9]{2})(.[0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$/;

/** Go time.Parse("2006-01-02"): exact widths and a real calendar day. */
function isDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return d <= days;
}

/** strfmt.IsDateTime: date "T" clock with a zone, lenient about the fraction separator like the original. */
function isDateTime(s: string): boolean {
  if (s.length < 4) return false;
  const parts = s.toLowerCase().split("t");
  if (parts.length < 2 || !isDate(parts[0] ?? "")) return false;
  const m = DATE_TIME_CLOCK.exec(parts[1] ?? "");
  if (!m) return false;
  return (m[1] ?? "") <= "23" && (m[2] ?? "") <= "59" && (m[3] ?? "") <= "59";
}

function isIPv4(s: string): boolean {
  const parts = s.split(".");
  return parts.length === 4 && parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

function isCIDR(s: string): boolean {
  const [ip = "", bits, ...rest] = s.split("/");
  if (bits === undefined || rest.length > 0 || !/^\d{1,3}$/.test(bits)) return false;
  if (isIPv4(ip)) return Number(bits) <= 32;
  return isIPv6(ip) && !ip.includes("%") && Number(bits) <= 128;
}

function isMAC(s: string): boolean {
  return (
    /^([0-9a-fA-F]{2}[:-]){5}[0-9a-fA-F]{2}$/.test(s) ||
    /^([0-9a-fA-F]{2}[:-]){7}[0-9a-fA-F]{2}$/.test(s) ||
    /^([0-9a-fA-F]{2}[:-]){19}[0-9a-fA-F]{2}$/.test(s) ||
    /^([0-9a-fA-F]{4}\.){2}[0-9a-fA-F]{4}$/.test(s) ||
    /^([0-9a-fA-F]{4}\.){3}[0-9a-fA-F]{4}$/.test(s) ||
    /^([0-9a-fA-F]{4}\.){9}[0-9a-fA-F]{4}$/.test(s)
  );
}

function isISBN10(s: string): boolean {
  const t = s.replace(/[\s-]/g, "");
  if (!/^\d{9}[\dX]$/.test(t)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += (i + 1) * (t[i] === "X" ? 10 : Number(t[i]));
  return sum % 11 === 0;
}

function isISBN13(s: string): boolean {
  const t = s.replace(/[\s-]/g, "");
  if (!/^\d{13}$/.test(t)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(t[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10 === Number(t[12]);
}

function isCreditCard(s: string): boolean {
  const t = s.replace(/[^0-9]/g, "");
  if (
    !/^(?:4[0-9]{12}(?:[0-9]{3})?|5[1-5][0-9]{14}|(222[1-9]|22[3-9][0-9]|2[3-6][0-9]{2}|27[01][0-9]|2720)[0-9]{12}|6(?:011|5[0-9][0-9])[0-9]{12}|3[47][0-9]{13}|3(?:0[0-5]|[68][0-9])[0-9]{11}|(?:2131|1800|35\d{3})\d{11}|6[27][0-9]{14})$/.test(
      t,
    )
  )
    return false;
  let sum = 0;
  let double = false;
  for (let i = t.length - 1; i >= 0; i--) {
    let d = Number(t[i]);
    if (double) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

// Go's time.ParseDuration units plus strfmt's long forms ("3 days", "1w").
const DURATION_GO = /^[-+]?((\d+(\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h))+$/;
const DURATION_LONG = /^[-+]?\d+\s*(ns|us|µs|ms|s|m|h|d|w|nanoseconds?|microseconds?|milliseconds?|seconds?|minutes?|hours?|days?|weeks?)$/;

const CHECKS: Record<string, Check> = {
  bsonobjectid: (s) => /^[0-9a-fA-F]{24}$/.test(s),
  uri: (s) => /^(\/|[a-zA-Z][a-zA-Z0-9+.-]*:)[^\s]*$/.test(s),
  email: (s) => /^([^<>\s]+ )*<?[^\s@<>]+@[^\s@<>]+>?$/.test(s),
  hostname: (s) => HOSTNAME(s) && s.length <= 255 && s.split(".").every((p) => p.length <= 63),
  ipv4: isIPv4,
  ipv6: (s) => isIPv6(s) && !s.includes("%"),
  cidr: isCIDR,
  mac: isMAC,
  uuid: (s) => /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i.test(s),
  uuid3: (s) => /^[0-9a-f]{8}-?[0-9a-f]{4}-?3[0-9a-f]{3}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i.test(s),
  uuid4: (s) => /^[0-9a-f]{8}-?[0-9a-f]{4}-?4[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i.test(s),
  uuid5: (s) => /^[0-9a-f]{8}-?[0-9a-f]{4}-?5[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i.test(s),
  isbn: (s) => isISBN10(s) || isISBN13(s),
  isbn10: isISBN10,
  isbn13: isISBN13,
  creditcard: isCreditCard,
  ssn: (s) => /^\d{3}[- ]?\d{2}[- ]?\d{4}$/.test(s),
  hexcolor: (s) => /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(s),
  rgbcolor: (s) =>
    /^rgb\(\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*,\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*,\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*\)$/.test(
      s,
    ),
  byte: (s) => /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$/.test(s),
  password: () => true,
  date: isDate,
  duration: (s) => DURATION_GO.test(s) || DURATION_LONG.test(s) || s === "0",
  datetime: isDateTime,
};

// kube-openapi's Kubernetes name formats, supported from compatibility version 1.34, so by servers
// from 1.35 (which check formats at the previous minor's): a lowercase DNS label, and dot-separated
// such labels with no limit of 63 on each.
const SHORT_NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const LONG_NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const CHECKS_FROM_1_34: Record<string, Check> = {
  k8sshortname: (s) => s.length <= 63 && SHORT_NAME.test(s),
  k8slongname: (s) => s.length <= 253 && LONG_NAME.test(s),
};

/**
 * The checker for a schema format, or undefined when the server ignores that format. Like the server's
 * StripUnsupportedFormatsPostProcessorForVersion, only dashes are dropped before the (case-sensitive)
 * lookup, so "date-time" is "datetime" but "Date-Time" is unsupported; `k8s-short-name` and
 * `k8s-long-name` count with `nameFormats` (servers from 1.35).
 */
export function formatChecker(format: string, nameFormats = false): Check | undefined {
  const name = format.replace(/-/g, "");
  if (Object.hasOwn(CHECKS, name)) return CHECKS[name];
  return nameFormats && Object.hasOwn(CHECKS_FROM_1_34, name) ? CHECKS_FROM_1_34[name] : undefined;
}

/**
 * Whether a server recognizes `format` on a schema of `type` (GetUnrecognizedFormats): on a string
 * (or untyped) schema one it validates (the name formats with `nameFormats`), on an integer
 * int32/int64, on a number float/double, on any other type none.
 */
export function formatRecognized(format: string, type: string | undefined, nameFormats: boolean): boolean {
  switch (type ?? "") {
    case "":
    case "string":
      return formatChecker(format, nameFormats) !== undefined;
    case "integer":
      return format === "int32" || format === "int64";
    case "number":
      return format === "float" || format === "double";
    default:
      return false;
  }
}
