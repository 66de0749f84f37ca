// Go's net/url.ParseRequestURI (Go 1.26, src/net/url/url.go), reduced to its error: Kubernetes checks
// the `uri` format with it and returns err.Error() verbatim (CEL's format.uri().validate), so the
// message has to be Go's byte for byte. Each function below ports the Go function it names, in the
// same order of checks, for the path parse(rawURL, viaRequest=true) takes.
//
// Go strings are bytes and url.go indexes them as bytes (a port's or a host's bytes, an escape cut
// to three bytes that may split a character), so the input is worked on as its UTF-8 bytes: a
// "byte string" below is a JavaScript string with one char per byte (char codes 0-255), so that
// Go's s[i], len(s) and strings.Index are charCodeAt, length and indexOf.
import { goQuote } from "./go-format.js";

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder();

/** One char per byte of a Go string (char codes 0-255). */
type ByteString = string;

/** Go's url.ParseRequestURI(s): undefined when Go accepts s, else the text of the error Go returns (err.Error()), e.g. `parse "foo": invalid URI for request`. */
export function parseRequestURIError(s: string): string | undefined {
  const err = parse(toByteString(s));
  // url.Error.Error: fmt.Sprintf("%s %q: %s", "parse", rawURL, err).
  return err === undefined ? undefined : `parse ${goQuote(s)}: ${err}`;
}

/** The UTF-8 bytes of s, as Go holds a string decoded from JSON (a lone surrogate becomes U+FFFD in both). */
function toByteString(s: string): ByteString {
  let out = "";
  for (const b of utf8Encoder.encode(s)) out += String.fromCharCode(b);
  return out;
}

/** parse(rawURL, viaRequest=true): the inner error, or undefined when the URL is accepted. */
function parse(raw: ByteString): string | undefined {
  if (containsCTLByte(raw)) return "net/url: invalid control character in URL";
  if (raw === "") return "empty url";
  if (raw === "*") return undefined;
  const split = getScheme(raw);
  if (typeof split === "string") return split;
  // Go cuts a lone trailing "?" (ForceQuery) or everything from the first "?" (RawQuery): either
  // way what is left is what precedes the first "?". The query itself is never checked.
  const query = split.rest.indexOf("?");
  const rest = query < 0 ? split.rest : split.rest.slice(0, query);
  if (!rest.startsWith("/")) {
    // A scheme with a rootless rest is an opaque URL, taken as it is (not even unescaped); without a
    // scheme, viaRequest refuses before the "first path segment cannot contain colon" check.
    return split.scheme !== "" ? undefined : "invalid URI for request";
  }
  // viaRequest: "//" starts an authority only after a scheme; "//host/path" alone is a path.
  if (split.scheme !== "" && rest.startsWith("//")) {
    const slash = rest.indexOf("/", 2);
    const authority = slash < 0 ? rest.slice(2) : rest.slice(2, slash);
    const err = parseAuthority(split.scheme.toLowerCase(), authority);
    if (err !== undefined) return err;
    return setPathError(slash < 0 ? "" : rest.slice(slash));
  }
  return setPathError(rest);
}

/** stringContainsCTLByte: any ASCII control character (below space, or DEL). */
function containsCTLByte(s: ByteString): boolean {
  for (let i = 0; i < s.length; i++) {
    const b = s.charCodeAt(i);
    if (b < 0x20 || b === 0x7f) return true;
  }
  return false;
}

/** getScheme: the scheme ([a-zA-Z][a-zA-Z0-9+.-]* before a ":") and the rest, or Go's error for a leading ":". */
function getScheme(raw: ByteString): { scheme: ByteString; rest: ByteString } | string {
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i] ?? "";
    if ((c >= "a" && c <= "z") || (c >= "A" && c <= "Z")) continue;
    if ((c >= "0" && c <= "9") || c === "+" || c === "-" || c === ".") {
      if (i === 0) break;
      continue;
    }
    if (c === ":") {
      if (i === 0) return "missing protocol scheme";
      return { scheme: raw.slice(0, i), rest: raw.slice(i + 1) };
    }
    break;
  }
  return { scheme: "", rest: raw };
}

/** setPath: only its unescape can fail. */
function setPathError(p: ByteString): string | undefined {
  const r = unescape(p, "path");
  return "error" in r ? r.error : undefined;
}

/** parseAuthority: the host is checked first, then the userinfo before the last "@". */
function parseAuthority(scheme: string, authority: ByteString): string | undefined {
  const at = authority.lastIndexOf("@");
  const hostErr = parseHost(scheme, at < 0 ? authority : authority.slice(at + 1));
  if (hostErr !== undefined || at < 0) return hostErr;
  const userinfo = authority.slice(0, at);
  if (!validUserinfo(userinfo)) return "net/url: invalid userinfo";
  // The username and password are unescaped apart, so "a%:b" fails on the escape "%", not "%:b".
  const colon = userinfo.indexOf(":");
  const parts = colon < 0 ? [userinfo] : [userinfo.slice(0, colon), userinfo.slice(colon + 1)];
  for (const part of parts) {
    const r = unescape(part, "userPassword");
    if ("error" in r) return r.error;
  }
  return undefined;
}

/** validUserinfo: RFC 3986's userinfo characters plus "@"; Go ranges over runes, so any non-ASCII byte fails. */
function validUserinfo(s: ByteString): boolean {
  return /^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/.test(s);
}

/** parseHost: host[:port], or an IP literal "[...]" with an optional port. */
function parseHost(scheme: string, host: ByteString): string | undefined {
  const open = host.lastIndexOf("[");
  if (open > 0) return "invalid IP-literal";
  if (open === 0) return parseIPLiteral(host);
  const first = host.indexOf(":");
  if (first !== -1) {
    // Go 1.26 (GODEBUG urlstrictcolons=1, the default for a main module at go 1.26 or later) takes
    // the port from the first colon for http and https, so "h:1:2" has the port ":1:2"; other
    // schemes keep the old rule, the last colon, for host lists like "a:1,b:2".
    const i = scheme === "http" || scheme === "https" ? first : host.lastIndexOf(":");
    const colonPort = host.slice(i);
    if (!validOptionalPort(colonPort)) return invalidPort(colonPort);
  }
  const r = unescape(host, "host");
  return "error" in r ? r.error : undefined;
}

/** parseHost's IP-literal branch (RFC 3986 and RFC 6874): "[" IPv6 ["%25" zone] "]" [":" port]. */
function parseIPLiteral(host: ByteString): string | undefined {
  const close = host.lastIndexOf("]");
  if (close < 0) return "missing ']' in host";
  const colonPort = host.slice(close + 1);
  // Unescaping colonPort (Go does it next) cannot fail once it is ":" and digits.
  if (!validOptionalPort(colonPort)) return invalidPort(colonPort);
  const hostname = host.slice(1, close);
  // "%25" starts the zone, which may escape more than the address part may.
  const zoneIdx = hostname.indexOf("%25");
  const parts: [ByteString, Mode][] =
    zoneIdx < 0
      ? [[hostname, "host"]]
      : [
          [hostname.slice(0, zoneIdx), "host"],
          [hostname.slice(zoneIdx), "zone"],
        ];
  let unescaped = "";
  for (const [part, mode] of parts) {
    const r = unescape(part, mode);
    if ("error" in r) return r.error;
    unescaped += r.value;
  }
  // Only an IPv6 address may be bracketed (an IPv4-mapped one is IPv6).
  const addr = parseAddr(unescaped);
  if ("error" in addr) return `invalid host: ${addr.error}`;
  return addr.is4 ? "invalid IP-literal" : undefined;
}

/** validOptionalPort: "" or ":" followed by ASCII digits only. */
function validOptionalPort(port: ByteString): boolean {
  return /^(:[0-9]*)?$/.test(port);
}

function invalidPort(colonPort: ByteString): string {
  return `invalid port ${quoteBytes(colonPort)} after host`;
}

/** The encoding modes unescape is called with on this path. */
type Mode = "path" | "userPassword" | "host" | "zone";

type Unescaped = { readonly value: ByteString } | { readonly error: string };

/** unescape: decodes %XX; fails on a malformed escape, and in a host or zone on what may not be written there. */
function unescape(s: ByteString, mode: Mode): Unescaped {
  for (let i = 0; i < s.length;) {
    const c = s.charCodeAt(i);
    if (c !== 0x25) {
      // Non-ASCII bytes may be written in a host as they are.
      if ((mode === "host" || mode === "zone") && c < 0x80 && shouldEscapeInHost(c)) {
        return { error: `invalid character ${quoteBytes(s[i] ?? "")} in host name` };
      }
      i++;
      continue;
    }
    const escape = s.slice(i, i + 3);
    const hi = unhex(s.charCodeAt(i + 1));
    const lo = unhex(s.charCodeAt(i + 2));
    if (hi < 0 || lo < 0) return escapeError(escape);
    // RFC 3986: in a host, %-encoding is only for non-ASCII bytes; RFC 6874 adds "%25" for the zone.
    if (mode === "host" && hi < 8 && escape !== "%25") return escapeError(escape);
    // In a zone, an escape may only spell a byte a host may hold as it is, or a space.
    if (mode === "zone" && escape !== "%25" && hi * 16 + lo !== 0x20 && shouldEscapeInHost(hi * 16 + lo)) {
      return escapeError(escape);
    }
    i += 3;
  }
  return { value: s.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) };
}

/** EscapeError.Error: the escape as Go cut it, up to three bytes from the "%". */
function escapeError(escape: ByteString): Unescaped {
  return { error: `invalid URL escape ${quoteBytes(escape)}` };
}

/** unhex of a byte, or -1 when !ishex (NaN past the end of the string is not hex either). */
function unhex(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  return -1;
}

/** shouldEscape(c, encodeHost), as encoding_table.go has it: unreserved, sub-delims, ":[]<>\"" stay. */
function shouldEscapeInHost(c: number): boolean {
  return !/^[A-Za-z0-9\-_.~!$&'()*+,;=:[\]<>"]$/.test(String.fromCharCode(c));
}

type ParsedAddr = { readonly error: string } | { readonly is4: boolean };

/**
 * netip.ParseAddr, reduced to its error or the address family. Ported here over bytes rather than
 * reusing netip.ts, which parses JavaScript strings: url.go hands it unescaped bytes, which may not be
 * UTF-8 ("[%ff::1]"), and its message quotes them byte by byte.
 */
function parseAddr(s: ByteString): ParsedAddr {
  for (const c of s) {
    if (c === ".") return errorOr(parseIPv4Fields(s, 0, s.length), { is4: true });
    if (c === ":") return errorOr(parseIPv6(s), { is4: false });
    if (c === "%") return { error: addrError(s, "missing IPv6 address") };
  }
  return { error: addrError(s, "unable to parse IP") };
}

function errorOr(error: string | undefined, ok: ParsedAddr): ParsedAddr {
  return error === undefined ? ok : { error };
}

/** parseAddrError.Error. */
function addrError(input: ByteString, msg: string, at: ByteString = ""): string {
  const where = at === "" ? "" : ` (at ${quoteBytes(at)})`;
  return `ParseAddr(${quoteBytes(input)}): ${msg}${where}`;
}

/** netip's parseIPv4Fields over input[off:end]: four decimal octets, no leading zeros. */
function parseIPv4Fields(input: ByteString, off: number, end: number): string | undefined {
  const s = input.slice(off, end);
  let val = 0;
  let pos = 0;
  let digLen = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i] ?? "";
    if (c >= "0" && c <= "9") {
      if (digLen === 1 && val === 0) return addrError(input, "IPv4 field has octet with leading zero");
      val = val * 10 + Number(c);
      digLen++;
      if (val > 255) return addrError(input, "IPv4 field has value >255");
    } else if (c === ".") {
      if (i === 0 || i === s.length - 1 || s[i - 1] === ".") {
        return addrError(input, "IPv4 field must have at least one digit", s.slice(i));
      }
      if (pos === 3) return addrError(input, "IPv4 address too long");
      pos++;
      val = 0;
      digLen = 0;
    } else return addrError(input, "unexpected character", s.slice(i));
  }
  return pos < 3 ? addrError(input, "IPv4 address too short") : undefined;
}

/** netip's parseIPv6: hex groups, one "::", an optional embedded IPv4 and "%zone". Only the checks are kept. */
function parseIPv6(input: ByteString): string | undefined {
  let s = input;
  let zone = "";
  const pct = s.indexOf("%");
  if (pct !== -1) {
    zone = s.slice(pct + 1);
    s = s.slice(0, pct);
    if (zone === "") return addrError(input, "zone must be a non-empty string");
  }
  let ellipsis = -1;
  if (s.startsWith("::")) {
    ellipsis = 0;
    s = s.slice(2);
    if (s === "") return undefined;
  }
  let i = 0;
  while (i < 16) {
    let off = 0;
    let acc = 0;
    for (; off < s.length; off++) {
      const h = unhex(s.charCodeAt(off));
      if (h < 0) break;
      acc = acc * 16 + h;
      if (off > 3) return addrError(input, "each group must have 4 or less digits", s);
      if (acc > 0xffff) return addrError(input, "IPv6 field has value >=2^16", s);
    }
    if (off === 0) return addrError(input, "each colon-separated field must have at least one digit", s);
    if (s[off] === ".") {
      if (ellipsis < 0 && i !== 12) return addrError(input, "embedded IPv4 address must replace the final 2 fields of the address", s);
      if (i + 4 > 16) return addrError(input, "too many hex fields to fit an embedded IPv4 at the end of the address", s);
      const end = zone === "" ? input.length : input.length - zone.length - 1;
      const err = parseIPv4Fields(input, end - s.length, end);
      if (err !== undefined) return err;
      s = "";
      i += 4;
      break;
    }
    i += 2;
    s = s.slice(off);
    if (s === "") break;
    if (s[0] !== ":") return addrError(input, "unexpected character, want colon", s);
    if (s.length === 1) return addrError(input, "colon must be followed by more characters", s);
    s = s.slice(1);
    if (s[0] === ":") {
      if (ellipsis >= 0) return addrError(input, "multiple :: in address", s);
      ellipsis = i;
      s = s.slice(1);
      if (s === "") break;
    }
  }
  if (s !== "") return addrError(input, "trailing garbage after address", s);
  if (i < 16 && ellipsis < 0) return addrError(input, "address string too short");
  if (i >= 16 && ellipsis >= 0) return addrError(input, "the :: must expand to at least one field of zeros");
  return undefined;
}

/**
 * strconv.Quote of a Go string's bytes: each valid UTF-8 sequence is quoted as goQuote quotes that
 * character, each byte that does not start one (utf8.DecodeRuneInString's RuneError of width 1) as \xNN.
 */
function quoteBytes(s: ByteString): string {
  let out = "";
  for (let i = 0; i < s.length;) {
    const width = utf8SequenceLength(s, i);
    if (width === 0) {
      out += "\\x" + s.charCodeAt(i).toString(16).padStart(2, "0");
      i++;
      continue;
    }
    const bytes = Uint8Array.from(s.slice(i, i + width), (c) => c.charCodeAt(0));
    out += goQuote(utf8Decoder.decode(bytes)).slice(1, -1);
    i += width;
  }
  return `"${out}"`;
}

/** The length of the valid UTF-8 sequence at s[i] (Go's utf8 first/accept ranges: no overlongs, surrogates or values past U+10FFFF), 0 if none. */
function utf8SequenceLength(s: ByteString, i: number): number {
  const b0 = s.charCodeAt(i);
  if (b0 < 0x80) return 1;
  const cont = (k: number, lo = 0x80, hi = 0xbf): boolean => {
    const b = s.charCodeAt(i + k);
    return b >= lo && b <= hi;
  };
  if (b0 >= 0xc2 && b0 <= 0xdf) return cont(1) ? 2 : 0;
  if (b0 >= 0xe0 && b0 <= 0xef) {
    const second = b0 === 0xe0 ? cont(1, 0xa0) : b0 === 0xed ? cont(1, 0x80, 0x9f) : cont(1);
    return second && cont(2) ? 3 : 0;
  }
  if (b0 >= 0xf0 && b0 <= 0xf4) {
    const second = b0 === 0xf0 ? cont(1, 0x90) : b0 === 0xf4 ? cont(1, 0x80, 0x8f) : cont(1);
    return second && cont(2) && cont(3) ? 4 : 0;
  }
  return 0;
}
