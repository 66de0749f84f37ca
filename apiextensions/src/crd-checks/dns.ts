// apimachinery's name validators (IsDNS1123Subdomain, IsDNS1035Label, IsQualifiedName,
// IsValidLabelValue): each returns the server's messages, empty when the value is fine.

const dns1123LabelFmt = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
const dns1123SubdomainFmt = `${dns1123LabelFmt}(\\.${dns1123LabelFmt})*`;
const dns1035LabelFmt = "[a-z]([-a-z0-9]*[a-z0-9])?";
const qualifiedNameCharFmt = "[A-Za-z0-9]";
const qualifiedNameExtCharFmt = "[-A-Za-z0-9_.]";
const qualifiedNameFmt = `(${qualifiedNameCharFmt}${qualifiedNameExtCharFmt}*)?${qualifiedNameCharFmt}`;
const qualifiedNameErrMsg =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const labelValueFmt = `(${qualifiedNameFmt})?`;

/** apimachinery's RegexError wording, examples joined the way the server joins them. */
function regexError(msg: string, fmt: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${fmt}')`;
  let out = `${msg} (e.g. `;
  examples.forEach((e, i) => {
    if (i > 0) out += " or ";
    out += `'${e}', `;
  });
  return `${out}regex used for validation is '${fmt}')`;
}

function full(fmt: string): RegExp {
  return new RegExp(`^${fmt}$`);
}

const dns1123SubdomainRe = full(dns1123SubdomainFmt);
const dns1035LabelRe = full(dns1035LabelFmt);
const qualifiedNameRe = full(qualifiedNameFmt);
const labelValueRe = full(labelValueFmt);

/** "must be no more than N characters" */
function maxLenError(n: number): string {
  return `must be no more than ${n} characters`;
}

/** IsDNS1123Subdomain */
export function isDns1123Subdomain(v: string): string[] {
  const errs: string[] = [];
  if (v.length > 253) errs.push(maxLenError(253));
  if (!dns1123SubdomainRe.test(v)) {
    errs.push(
      regexError(
        "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character",
        dns1123SubdomainFmt,
        "example.com",
      ),
    );
  }
  return errs;
}

/** IsDNS1035Label */
export function isDns1035Label(v: string): string[] {
  const errs: string[] = [];
  if (v.length > 63) errs.push(maxLenError(63));
  if (!dns1035LabelRe.test(v)) {
    errs.push(
      regexError(
        "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character",
        dns1035LabelFmt,
        "my-name",
        "abc-123",
      ),
    );
  }
  return errs;
}

/** IsQualifiedName: an optional DNS-subdomain prefix and a name part. */
export function isQualifiedName(v: string): string[] {
  const errs: string[] = [];
  const parts = v.split("/");
  let name: string;
  if (parts.length === 1) name = parts[0]!;
  else if (parts.length === 2) {
    const prefix = parts[0]!;
    name = parts[1]!;
    if (prefix.length === 0) errs.push("prefix part must be non-empty");
    else for (const m of isDns1123Subdomain(prefix)) errs.push(`prefix part ${m}`);
  } else {
    return [
      `a qualified name ${regexError(
        qualifiedNameErrMsg,
        qualifiedNameFmt,
        "MyName",
        "my.name",
        "123-abc",
      )} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ];
  }
  if (name.length === 0) errs.push("name part must be non-empty");
  else if (name.length > 63) errs.push(`name part ${maxLenError(63)}`);
  if (name.length > 0 && !qualifiedNameRe.test(name)) {
    errs.push(`name part ${regexError(qualifiedNameErrMsg, qualifiedNameFmt, "MyName", "my.name", "123-abc")}`);
  }
  return errs;
}

/** IsValidLabelValue */
export function isValidLabelValue(v: string): string[] {
  const errs: string[] = [];
  if (v.length > 63) errs.push(maxLenError(63));
  if (!labelValueRe.test(v)) {
    errs.push(
      regexError(
        "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character",
        labelValueFmt,
        "MyValue",
        "my_value",
        "12345",
      ),
    );
  }
  return errs;
}
