// Certificates made with node:crypto (EC P-256) and a small DER encoder: the self-signed serving
// certificate the metrics server falls back to without certificate files (as controller-runtime's
// does), and for the test API server a CA it generates for itself, the serving certificate it issues
// for 127.0.0.1 and localhost, and client certificates whose subject is the user (CN) and groups (O),
// as kube-apiserver's x509 authenticator reads them.
import { generateKeyPairSync, randomBytes, sign } from "node:crypto";
import type { KeyObject } from "node:crypto";
import { bitString, bool, explicit, implicit, integer, octetString, oid, sequence, set, time, utf8 } from "./der.js";

/** PEM certificate and key for the server; the certificate is its own CA. */
export interface ServerCertificate {
  certPem: string;
  keyPem: string;
}

const ECDSA_SHA256 = sequence(oid("1.2.840.10045.4.3.2"));

/** A distinguished name: O= for each organization (a user's groups), then CN=. */
function name(cn: string, organizations: readonly string[] = []): Buffer {
  return sequence(...organizations.map((o) => set(sequence(oid("2.5.4.10"), utf8(o)))), set(sequence(oid("2.5.4.3"), utf8(cn))));
}

function extension(id: string, critical: boolean, value: Buffer): Buffer {
  return critical ? sequence(oid(id), bool(true), octetString(value)) : sequence(oid(id), octetString(value));
}

function pem(label: string, der: Buffer): string {
  const b64 = der
    .toString("base64")
    .replace(/(.{64})/g, "$1\n")
    .replace(/\n$/, "");
  return `-----BEGIN ${label}-----\n${b64}\n-----END ${label}-----\n`;
}

/** A certificate authority: its certificate, key and subject, to issue others with. */
export interface CertificateAuthority extends ServerCertificate {
  commonName: string;
  privateKey: KeyObject;
}

/** What a certificate is for. */
interface LeafRequest {
  commonName: string;
  /** Subject organizations: for a client certificate, the user's groups. */
  organizations?: readonly string[];
  usage: "server" | "client";
}

const SERVER_AUTH = "1.3.6.1.5.5.7.3.1";
const CLIENT_AUTH = "1.3.6.1.5.5.7.3.2";

const LOCAL_SAN_ENTRIES = [
  implicit(2, Buffer.from("localhost", "ascii")),
  implicit(7, Buffer.from([127, 0, 0, 1])),
  implicit(7, Buffer.concat([Buffer.alloc(15), Buffer.from([1])])),
];
const LOCAL_SANS = sequence(...LOCAL_SAN_ENTRIES);

/** The one certificate builder: an X.509 v3 certificate valid from an hour ago for a year, signed by `signingKey`. */
function certificate(subject: Buffer, issuer: Buffer, publicKey: KeyObject, signingKey: KeyObject, extensions: Buffer[]): string {
  const serial = randomBytes(16);
  serial[0] = (serial[0] ?? 0) & 0x7f;
  const now = Date.now();
  const tbs = sequence(
    explicit(0, integer(2)),
    integer(serial),
    ECDSA_SHA256,
    issuer,
    sequence(time(new Date(now - 3600_000)), time(new Date(now + 365 * 24 * 3600_000))),
    subject,
    publicKey.export({ type: "spki", format: "der" }),
    explicit(3, sequence(...extensions)),
  );
  const signature = sign("sha256", tbs, { key: signingKey, dsaEncoding: "der" });
  return pem("CERTIFICATE", sequence(tbs, ECDSA_SHA256, bitString(signature)));
}

const keyPem = (k: KeyObject): string => k.export({ type: "pkcs8", format: "pem" }).toString();

/** A self-signed certificate for 127.0.0.1, ::1, localhost and `dnsNames` that is its own CA (for tests of TLS clients). */
export function generateServerCertificate(commonName = "kube-codegen-testing", dnsNames: readonly string[] = []): ServerCertificate {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const certPem = certificate(name(commonName), name(commonName), publicKey, privateKey, [
    extension("2.5.29.19", true, sequence(bool(true))),
    // keyUsage: digitalSignature (bit 0) and keyCertSign (bit 5): 0b10000100, 2 unused bits.
    extension("2.5.29.15", true, Buffer.from([0x03, 0x02, 0x02, 0x84])),
    extension("2.5.29.37", false, sequence(oid(SERVER_AUTH), oid(CLIENT_AUTH))),
    extension("2.5.29.17", false, sequence(...LOCAL_SAN_ENTRIES, ...dnsNames.map((d) => implicit(2, Buffer.from(d, "ascii"))))),
  ]);
  return { certPem, keyPem: keyPem(privateKey) };
}

/** A new CA (basicConstraints CA, keyCertSign and cRLSign). */
export function generateCertificateAuthority(commonName = "kube-codegen-testing-ca"): CertificateAuthority {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const certPem = certificate(name(commonName), name(commonName), publicKey, privateKey, [
    extension("2.5.29.19", true, sequence(bool(true))),
    // keyUsage: digitalSignature (bit 0), keyCertSign (bit 5), cRLSign (bit 6): 0b10000110, 1 unused bit.
    extension("2.5.29.15", true, Buffer.from([0x03, 0x02, 0x01, 0x86])),
  ]);
  return { commonName, privateKey, certPem, keyPem: keyPem(privateKey) };
}

/** A certificate issued by `ca`: a serving one for 127.0.0.1, ::1 and localhost, or a client one for a user. */
export function issueCertificate(ca: CertificateAuthority, req: LeafRequest): ServerCertificate {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const extensions = [
    extension("2.5.29.19", true, sequence()),
    // keyUsage: digitalSignature (bit 0): 0b10000000, 7 unused bits.
    extension("2.5.29.15", true, Buffer.from([0x03, 0x02, 0x07, 0x80])),
    extension("2.5.29.37", false, sequence(oid(req.usage === "server" ? SERVER_AUTH : CLIENT_AUTH))),
  ];
  if (req.usage === "server") extensions.push(extension("2.5.29.17", false, LOCAL_SANS));
  const certPem = certificate(name(req.commonName, req.organizations), name(ca.commonName), publicKey, ca.privateKey, extensions);
  return { certPem, keyPem: keyPem(privateKey) };
}
