// An HTTPS server whose certificate and key are read from files in a directory and read again when
// they change (controller-runtime's certwatcher), so a renewed certificate (cert-manager rewrites its
// Secret's mount) is served without a restart. The webhook server and the metrics server use it.
import { existsSync, readFileSync, unwatchFile, watchFile } from "node:fs";
import { createServer, type Server } from "node:https";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";

/** Where a serving certificate and its key are (controller-runtime's CertDir, CertName, KeyName). */
export interface CertificateFiles {
  readonly certDir: string;
  /** Default tls.crt. */
  readonly certName?: string;
  /** Default tls.key. */
  readonly keyName?: string;
  /** How often the files are checked for a change (ms, default 10 000). */
  readonly reloadIntervalMs?: number;
}

const paths = (f: CertificateFiles): { cert: string; key: string } => ({
  cert: join(f.certDir, f.certName ?? "tls.crt"),
  key: join(f.certDir, f.keyName ?? "tls.key"),
});

/** Whether both files are there (controller-runtime's metrics server self-signs when either is missing). */
export function certificateFilesExist(files: CertificateFiles): boolean {
  const p = paths(files);
  return existsSync(p.cert) && existsSync(p.key);
}

/** An HTTPS server serving the pair in `files`, re-read when either changes; `stop()` ends the watching. */
export function createReloadingHttpsServer(
  files: CertificateFiles,
  listener: (req: IncomingMessage, res: ServerResponse) => void,
): { server: Server; stop: () => void } {
  const p = paths(files);
  const read = () => ({ cert: readFileSync(p.cert), key: readFileSync(p.key) });
  const server = createServer(read(), listener);
  // A changed pair replaces the served one for new connections; a half-written pair (the
  // certificate renewed before its key) fails to load and the old one stays until both match.
  const reload = (): void => {
    try {
      server.setSecureContext(read());
    } catch {
      // keep serving the previous pair
    }
  };
  const interval = files.reloadIntervalMs ?? 10_000;
  watchFile(p.cert, { interval, persistent: false }, reload);
  watchFile(p.key, { interval, persistent: false }, reload);
  return {
    server,
    stop: () => {
      unwatchFile(p.cert, reload);
      unwatchFile(p.key, reload);
    },
  };
}
