// TLS for the runtime's servers: serving certificates read from files and reloaded on change, and
// self-signed ones made with node:crypto (which the test API server also uses for its CA).
export { certificateFilesExist, createReloadingHttpsServer } from "./serving.js";
export { generateCertificateAuthority, generateServerCertificate, issueCertificate, type ServerCertificate } from "./certificates.js";
