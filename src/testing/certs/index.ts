// certs: the self-signed serving certificate made at start, with the small DER encoder it needs.
export * from "./der.js";
export * from "./tls-certificate.js";
