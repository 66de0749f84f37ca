// The package ships no types: the shape of what it returns, as its README gives it.
declare module "parse-prometheus-text-format" {
  /** A metric family; histogram series are folded into one, with their buckets keyed by `le`. */
  export interface MetricFamily {
    name: string;
    help: string;
    type: string;
    metrics: { value?: string; labels?: Record<string, string>; buckets?: Record<string, string>; count?: string; sum?: string }[];
  }
  export default function parsePrometheusTextFormat(text: string): MetricFamily[];
}
