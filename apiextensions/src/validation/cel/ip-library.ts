// Kubernetes' CEL ip and cidr libraries (k8s.io/apiserver/pkg/cel/library/ip.go and cidr.go, in the
// environment since 1.30): ip(), isIP(), ip.isCanonical(), family() and the address predicates;
// cidr(), isCIDR(), containsIP(), containsCIDR(), ip(), masked(), prefixLength(); string() of either.
// Addresses and prefixes are parsed and printed as Go's net/netip does (../netip.ts), with the
// libraries' own refusals (zones, IPv4-mapped IPv6) and their messages. A value is an opaque CEL map
// holding its canonical text under a key no JSON object can have, so equal values compare equal.
import { celFunc, celMethod, CelScalar, isCelMap, mapType, type CelFunc, type CelValue } from "@bufbuild/cel";
import { goQuote } from "../go-format.js";
import {
  addrString,
  is4In6,
  isGlobalUnicast,
  isLinkLocalMulticast,
  isLinkLocalUnicast,
  isLoopback,
  isUnspecified,
  masked,
  parseAddr,
  parsePrefix,
  prefixContains,
  prefixOverlaps,
  prefixString,
  type Addr,
  type Prefix,
} from "../netip.js";

const { STRING, BOOL, INT, DYN } = CelScalar;
const OPAQUE = mapType(STRING, DYN);
const IP_KEY = "\u0000ip";
const CIDR_KEY = "\u0000cidr";

function parseIP(raw: string): Addr {
  let addr: Addr;
  try {
    addr = parseAddr(raw);
  } catch (err) {
    throw new Error(`IP Address ${goQuote(raw)} parse error during conversion from string: ${(err as Error).message}`);
  }
  if (addr.zone !== "") throw new Error(`IP address ${goQuote(raw)} with zone value is not allowed`);
  if (is4In6(addr)) throw new Error(`IPv4-mapped IPv6 address ${goQuote(raw)} is not allowed`);
  return addr;
}

// The library's parseCIDR wraps netip's error in its message, and cidr() wraps that again.
const CIDR_PARSE = "network address parse error during conversion from string";
function parseCIDR(raw: string): Prefix {
  let p: Prefix;
  try {
    p = parsePrefix(raw);
  } catch (err) {
    throw new Error(`${CIDR_PARSE}: ${(err as Error).message}`);
  }
  if (is4In6(p.addr)) throw new Error(`IPv4-mapped IPv6 address ${goQuote(raw)} is not allowed`);
  return p;
}
function cidrOf(raw: string): Prefix {
  try {
    return parseCIDR(raw);
  } catch (err) {
    throw new Error(`${CIDR_PARSE}: ${(err as Error).message}`);
  }
}

const ipValue = (a: Addr): Map<string, string> => new Map([[IP_KEY, addrString(a)]]);
const cidrValue = (p: Prefix): Map<string, string> => new Map([[CIDR_KEY, prefixString(p)]]);

function asIP(v: CelValue): Addr | undefined {
  const text = isCelMap(v) ? v.get(IP_KEY) : undefined;
  return typeof text === "string" ? parseAddr(text) : undefined;
}
function asCIDR(v: CelValue): Prefix | undefined {
  const text = isCelMap(v) ? v.get(CIDR_KEY) : undefined;
  return typeof text === "string" ? parsePrefix(text) : undefined;
}
const noOverload = (): never => {
  throw new Error("no such overload");
};
const ip = (v: CelValue): Addr => asIP(v) ?? noOverload();
const cidr = (v: CelValue): Prefix => asCIDR(v) ?? noOverload();
const predicate = (name: string, test: (a: Addr) => boolean): CelFunc =>
  celMethod(name, OPAQUE, [], BOOL, function () {
    return test(ip(this));
  });

/** The ip library's functions. */
export const ipLibrary: CelFunc[] = [
  celFunc("ip", [STRING], OPAQUE, (s) => ipValue(parseIP(s))),
  celFunc("isIP", [STRING], BOOL, (s) => {
    try {
      parseIP(s);
      return true;
    } catch {
      return false;
    }
  }),
  celFunc("ip.isCanonical", [STRING], BOOL, (s) => addrString(parseIP(s)) === s),
  celMethod("family", OPAQUE, [], INT, function () {
    return ip(this).bytes.length === 4 ? 4n : 6n;
  }),
  predicate("isUnspecified", isUnspecified),
  predicate("isLoopback", isLoopback),
  predicate("isLinkLocalMulticast", isLinkLocalMulticast),
  predicate("isLinkLocalUnicast", isLinkLocalUnicast),
  predicate("isGlobalUnicast", isGlobalUnicast),
];

/** The cidr library's functions. */
export const cidrLibrary: CelFunc[] = [
  celFunc("cidr", [STRING], OPAQUE, (s) => cidrValue(cidrOf(s))),
  celFunc("isCIDR", [STRING], BOOL, (s) => {
    try {
      parseCIDR(s);
      return true;
    } catch {
      return false;
    }
  }),
  // A string that is no IP is "no such overload" here, not the parse error: the library passes the
  // failed conversion on to the IP overload, which reports the receiver (containsCIDR reports the
  // argument, so its parse error shows).
  celMethod("containsIP", OPAQUE, [STRING], BOOL, function (s) {
    const p = cidr(this);
    let a: Addr;
    try {
      a = parseIP(s);
    } catch {
      return noOverload();
    }
    return prefixContains(p, a);
  }),
  celMethod("containsIP", OPAQUE, [OPAQUE], BOOL, function (other) {
    return prefixContains(cidr(this), ip(other));
  }),
  celMethod("containsCIDR", OPAQUE, [STRING], BOOL, function (s) {
    const p = cidr(this);
    const o = cidrOf(s);
    return prefixOverlaps(p, o) && p.bits <= o.bits;
  }),
  celMethod("containsCIDR", OPAQUE, [OPAQUE], BOOL, function (other) {
    const p = cidr(this);
    const o = cidr(other);
    return prefixOverlaps(p, o) && p.bits <= o.bits;
  }),
  celMethod("ip", OPAQUE, [], OPAQUE, function () {
    return ipValue(cidr(this).addr);
  }),
  celMethod("prefixLength", OPAQUE, [], INT, function () {
    return BigInt(cidr(this).bits);
  }),
  celMethod("masked", OPAQUE, [], OPAQUE, function () {
    return cidrValue(masked(cidr(this)));
  }),
  // string(ip) and string(cidr): one overload, as both are opaque maps here.
  celFunc("string", [OPAQUE], STRING, (v) => {
    const a = asIP(v);
    if (a) return addrString(a);
    const p = asCIDR(v);
    if (p) return prefixString(p);
    return noOverload();
  }),
];
