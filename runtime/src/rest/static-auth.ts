// Credentials that do not change: a bearer token or a username and password from the kubeconfig.
import type { AuthProvider } from "./rest-config.js";

/** `Authorization: Bearer <token>` on every request. */
export function bearerTokenAuth(token: string): AuthProvider {
  const headers = { authorization: `Bearer ${token}` };
  return { kind: "token", credentials: () => Promise.resolve({ headers: { ...headers } }) };
}

/** HTTP basic authentication (kubeconfig username/password; most clusters disable it). */
export function basicAuth(username: string, password: string): AuthProvider {
  const value = Buffer.from(`${username}:${password}`, "utf8").toString("base64");
  return { kind: "basic", credentials: () => Promise.resolve({ headers: { authorization: `Basic ${value}` } }) };
}
