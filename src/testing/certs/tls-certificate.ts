// A fresh self-signed certificate for 127.0.0.1 and localhost, made at start with node:crypto (EC P-256)
// and a small DER encoder, so clients verify TLS against the kubeconfig's CA data as with a real cluster.
import { generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { bitString, bool, explicit, implicit, integer, octetString, oid, sequence, set, time, utf8 } from "./der.js";

/** PEM certificate and key for the server; the certificate is its own CA. */
export interface ServerCertificate {
  certPem: string;
  keyPem: string;
}

const ECDSA_SHA256 = sequence(oid("1.2.840.10045.4.3.2"));

function name(cn: string): Buffer {
  return sequence(set(sequence(oid("2.5.4.3"), utf8(cn))));
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

/** Generates a certificate valid from an hour ago for a year, with SANs 127.0.0.1, ::1 and localhost. */
export function generateServerCertificate(commonName = "kube-codegen-testing"): ServerCertificate {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const spki = publicKey.export({ type: "spki", format: "der" });
  const now = Date.now();
  const sans = sequence(
    implicit(2, Buffer.from("localhost", "ascii")),
    implicit(7, Buffer.from([127, 0, 0, 1])),
    implicit(7, Buffer.concat([Buffer.alloc(15), Buffer.from([1])])),
  );
  const extensions = sequence(
    extension("2.5.29.19", true, sequence(bool(true))),
    // keyUsage: digitalSignature (bit 0) and keyCertSign (bit 5): 0b10000100, 2 unused bits.
    extension("2.5.29.15", true, Buffer.from([0x03, 0x02, 0x02, 0x84])),
    extension("2.5.29.37", false, sequence(oid("1.3.6.1.5.5.7.3.1"), oid("1.3.6.1.5.5.7.3.2"))),
    extension("2.5.29.17", false, sans),
  );
  const serial = randomBytes(16);
  serial[0] = (serial[0] ?? 0) & 0x7f;
  const tbs = sequence(
    explicit(0, integer(2)),
    integer(serial),
    ECDSA_SHA256,
    name(commonName),
    sequence(time(new Date(now - 3600_000)), time(new Date(now + 365 * 24 * 3600_000))),
    name(commonName),
    spki,
    explicit(3, extensions),
  );
  const signature = sign("sha256", tbs, { key: privateKey, dsaEncoding: "der" });
  const cert = sequence(tbs, ECDSA_SHA256, bitString(signature));
  return { certPem: pem("CERTIFICATE", cert), keyPem: privateKey.export({ type: "pkcs8", format: "pem" }).toString() };
}
