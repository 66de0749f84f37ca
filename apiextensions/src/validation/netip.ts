// IP addresses and prefixes as Go's net/netip parses and prints them: Kubernetes' CEL ip and cidr
// libraries are thin layers over netip.ParseAddr, netip.ParsePrefix and their methods, and their
// error messages are netip's own, so this follows Go's parser step by step (the same checks in the
// same order, the same messages) rather than a looser JavaScript parse.
import { goQuote } from "./go-format.js";

/** An address: 4 or 16 bytes, and the zone of an IPv6 one ("" for none). */
export interface Addr {
  readonly bytes: Uint8Array;
  readonly zone: string;
}

/** A prefix: an address (not masked) and a prefix length. */
export interface Prefix {
  readonly addr: Addr;
  readonly bits: number;
}

/** A parse failure, with Go's message. */
export class NetipError extends Error {}

function addrError(input: string, msg: string, at = ""): NetipError {
  return new NetipError(`ParseAddr(${goQuote(input)}): ${msg}${at === "" ? "" : ` (at ${goQuote(at)})`}`);
}

/** netip.ParseAddr. */
export function parseAddr(s: string): Addr {
  for (const c of s) {
    if (c === ".") return parseIPv4(s);
    if (c === ":") return parseIPv6(s);
    if (c === "%") throw addrError(s, "missing IPv6 address");
  }
  throw addrError(s, "unable to parse IP");
}

function parseIPv4Fields(input: string, off: number, end: number, fields: Uint8Array, at: number): void {
  let val = 0;
  let pos = 0;
  let digLen = 0;
  const s = input.slice(off, end);
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c >= "0" && c <= "9") {
      if (digLen === 1 && val === 0) throw addrError(input, "IPv4 field has octet with leading zero");
      val = val * 10 + (c.charCodeAt(0) - 48);
      digLen++;
      if (val > 255) throw addrError(input, "IPv4 field has value >255");
    } else if (c === ".") {
      if (i === 0 || i === s.length - 1 || s[i - 1] === ".") throw addrError(input, "IPv4 field must have at least one digit", s.slice(i));
      if (pos === 3) throw addrError(input, "IPv4 address too long");
      fields[at + pos] = val;
      pos++;
      val = 0;
      digLen = 0;
    } else throw addrError(input, "unexpected character", s.slice(i));
  }
  if (pos < 3) throw addrError(input, "IPv4 address too short");
  fields[at + 3] = val;
}

function parseIPv4(s: string): Addr {
  const bytes = new Uint8Array(4);
  parseIPv4Fields(s, 0, s.length, bytes, 0);
  return { bytes, zone: "" };
}

const hexValue = (c: string): number => {
  if (c >= "0" && c <= "9") return c.charCodeAt(0) - 48;
  if (c >= "a" && c <= "f") return c.charCodeAt(0) - 87;
  if (c >= "A" && c <= "F") return c.charCodeAt(0) - 55;
  return -1;
};

function parseIPv6(input: string): Addr {
  let s = input;
  let zone = "";
  const pct = s.indexOf("%");
  if (pct !== -1) {
    zone = s.slice(pct + 1);
    s = s.slice(0, pct);
    if (zone === "") throw addrError(input, "zone must be a non-empty string");
  }
  const ip = new Uint8Array(16);
  let ellipsis = -1;
  if (s.length >= 2 && s[0] === ":" && s[1] === ":") {
    ellipsis = 0;
    s = s.slice(2);
    if (s.length === 0) return { bytes: ip, zone };
  }
  let i = 0;
  while (i < 16) {
    let off = 0;
    let acc = 0;
    for (; off < s.length; off++) {
      const h = hexValue(s[off]!);
      if (h < 0) break;
      acc = acc * 16 + h;
      if (off > 3) throw addrError(input, "each group must have 4 or less digits", s);
      if (acc > 0xffff) throw addrError(input, "IPv6 field has value >=2^16", s);
    }
    if (off === 0) throw addrError(input, "each colon-separated field must have at least one digit", s);
    if (off < s.length && s[off] === ".") {
      if (ellipsis < 0 && i !== 12) throw addrError(input, "embedded IPv4 address must replace the final 2 fields of the address", s);
      if (i + 4 > 16) throw addrError(input, "too many hex fields to fit an embedded IPv4 at the end of the address", s);
      let end = input.length;
      if (zone.length > 0) end -= zone.length + 1;
      parseIPv4Fields(input, end - s.length, end, ip, i);
      s = "";
      i += 4;
      break;
    }
    ip[i] = acc >> 8;
    ip[i + 1] = acc & 0xff;
    i += 2;
    s = s.slice(off);
    if (s.length === 0) break;
    if (s[0] !== ":") throw addrError(input, "unexpected character, want colon", s);
    if (s.length === 1) throw addrError(input, "colon must be followed by more characters", s);
    s = s.slice(1);
    if (s[0] === ":") {
      if (ellipsis >= 0) throw addrError(input, "multiple :: in address", s);
      ellipsis = i;
      s = s.slice(1);
      if (s.length === 0) break;
    }
  }
  if (s.length !== 0) throw addrError(input, "trailing garbage after address", s);
  if (i < 16) {
    if (ellipsis < 0) throw addrError(input, "address string too short");
    const n = 16 - i;
    for (let j = i - 1; j >= ellipsis; j--) ip[j + n] = ip[j]!;
    ip.fill(0, ellipsis, ellipsis + n);
  } else if (ellipsis >= 0) throw addrError(input, "the :: must expand to at least one field of zeros");
  return { bytes: ip, zone };
}

/** An IPv6 address of the form ::ffff:a.b.c.d. */
export function is4In6(a: Addr): boolean {
  if (a.bytes.length !== 16) return false;
  for (let i = 0; i < 10; i++) if (a.bytes[i] !== 0) return false;
  return a.bytes[10] === 0xff && a.bytes[11] === 0xff;
}

// The address as IPv4 if it is an IPv4-mapped IPv6 one (Go's Unmap), as the predicates read it.
function unmap(a: Addr): Addr {
  return is4In6(a) ? { bytes: a.bytes.slice(12), zone: "" } : a;
}

const u16 = (b: Uint8Array, i: number): number => (b[2 * i]! << 8) | b[2 * i + 1]!;
const allZero = (b: Uint8Array): boolean => b.every((x) => x === 0);

export function isUnspecified(a: Addr): boolean {
  return allZero(a.bytes) && a.zone === "";
}

export function isLoopback(addr: Addr): boolean {
  const a = unmap(addr);
  if (a.bytes.length === 4) return a.bytes[0] === 127;
  return a.bytes.slice(0, 15).every((x) => x === 0) && a.bytes[15] === 1;
}

export function isMulticast(addr: Addr): boolean {
  const a = unmap(addr);
  return a.bytes.length === 4 ? (a.bytes[0]! & 0xf0) === 0xe0 : a.bytes[0] === 0xff;
}

export function isLinkLocalUnicast(addr: Addr): boolean {
  const a = unmap(addr);
  return a.bytes.length === 4 ? a.bytes[0] === 169 && a.bytes[1] === 254 : (u16(a.bytes, 0) & 0xffc0) === 0xfe80;
}

export function isLinkLocalMulticast(addr: Addr): boolean {
  const a = unmap(addr);
  return a.bytes.length === 4 ? a.bytes[0] === 224 && a.bytes[1] === 0 && a.bytes[2] === 0 : (u16(a.bytes, 0) & 0xff0f) === 0xff02;
}

export function isGlobalUnicast(addr: Addr): boolean {
  const a = unmap(addr);
  if (a.bytes.length === 4 && (allZero(a.bytes) || a.bytes.every((x) => x === 255))) return false;
  return !(a.bytes.length === 16 && isUnspecified(a)) && !isLoopback(a) && !isMulticast(a) && !isLinkLocalUnicast(a);
}

/** Addr.String: dotted quad, or RFC 5952 for IPv6 (the longest run of two or more zero fields as ::). */
export function addrString(a: Addr): string {
  if (a.bytes.length === 4) return a.bytes.join(".");
  if (is4In6(a)) return `::ffff:${a.bytes.slice(12).join(".")}${a.zone === "" ? "" : `%${a.zone}`}`;
  let zeroStart = 255;
  let zeroEnd = 255;
  for (let i = 0; i < 8; i++) {
    let j = i;
    while (j < 8 && u16(a.bytes, j) === 0) j++;
    const l = j - i;
    if (l >= 2 && l > zeroEnd - zeroStart) {
      zeroStart = i;
      zeroEnd = j;
    }
  }
  let out = "";
  for (let i = 0; i < 8; i++) {
    if (i === zeroStart) {
      out += "::";
      i = zeroEnd;
      if (i >= 8) break;
    } else if (i > 0) out += ":";
    out += u16(a.bytes, i).toString(16);
  }
  return a.zone === "" ? out : `${out}%${a.zone}`;
}

function prefixError(input: string, msg: string): NetipError {
  return new NetipError(`netip.ParsePrefix(${goQuote(input)}): ${msg}`);
}

/** netip.ParsePrefix. */
export function parsePrefix(s: string): Prefix {
  const slash = s.lastIndexOf("/");
  if (slash < 0) throw prefixError(s, "no '/'");
  let addr: Addr;
  try {
    addr = parseAddr(s.slice(0, slash));
  } catch (err) {
    throw prefixError(s, (err as Error).message);
  }
  if (addr.bytes.length === 16 && addr.zone !== "") throw prefixError(s, "IPv6 zones cannot be present in a prefix");
  const bitsStr = s.slice(slash + 1);
  const bad = (): NetipError => prefixError(s, `bad bits after slash: ${goQuote(bitsStr)}`);
  if (bitsStr.length > 1 && !(bitsStr[0]! >= "1" && bitsStr[0]! <= "9")) throw bad();
  // strconv.Atoi: an optional sign, then decimal digits, in range of an int.
  if (!/^[+-]?[0-9]+$/.test(bitsStr)) throw bad();
  const big = BigInt(bitsStr);
  if (big > 2n ** 63n - 1n || big < -(2n ** 63n)) throw bad();
  const bits = Number(big);
  if (bits < 0 || bits > addr.bytes.length * 8) throw prefixError(s, "prefix length out of range");
  return { addr, bits };
}

/** The address with the bits past the prefix cleared (Addr.Prefix's masking). */
function maskedBytes(a: Addr, bits: number): Uint8Array {
  const out = a.bytes.slice();
  for (let i = 0; i < out.length; i++) {
    const keep = Math.max(0, Math.min(8, bits - i * 8));
    out[i] = out[i]! & ((0xff << (8 - keep)) & 0xff);
  }
  return out;
}

/** Prefix.Masked. */
export function masked(p: Prefix): Prefix {
  return { addr: { bytes: maskedBytes(p.addr, p.bits), zone: "" }, bits: p.bits };
}

/** Prefix.Contains: same family, no zone, and the first `bits` bits equal. */
export function prefixContains(p: Prefix, a: Addr): boolean {
  if (a.zone !== "" || a.bytes.length !== p.addr.bytes.length) return false;
  const x = maskedBytes(p.addr, p.bits);
  const y = maskedBytes(a, p.bits);
  return x.every((b, i) => b === y[i]);
}

/** Prefix.Overlaps. */
export function prefixOverlaps(p: Prefix, o: Prefix): boolean {
  if (p.addr.bytes.length !== o.addr.bytes.length) return false;
  const minBits = Math.min(p.bits, o.bits);
  if (minBits === 0) return true;
  const x = maskedBytes(p.addr, minBits);
  const y = maskedBytes(o.addr, minBits);
  return x.every((b, i) => b === y[i]);
}

/** Prefix.String: the address as given (not masked), a slash, the length. */
export function prefixString(p: Prefix): string {
  return `${addrString(p.addr)}/${p.bits}`;
}
