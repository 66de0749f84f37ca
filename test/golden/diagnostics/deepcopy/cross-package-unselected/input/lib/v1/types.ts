// Endpoint is used by app/v1, but this package generates no deep copies.
export interface Endpoint {
  hosts?: string[];
}
