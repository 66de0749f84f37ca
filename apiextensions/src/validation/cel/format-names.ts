// The names of the Kubernetes CEL format library's formats (format.go's ConstantFormats), for the
// checker (which declares format.<name>() without loading the library) and the library itself.
export const FORMAT_NAMES = [
  "dns1123Label",
  "dns1123Subdomain",
  "dns1035Label",
  "qualifiedName",
  "dns1123LabelPrefix",
  "dns1123SubdomainPrefix",
  "dns1035LabelPrefix",
  "labelValue",
  "uri",
  "uuid",
  "byte",
  "date",
  "datetime",
] as const;

export type FormatName = (typeof FORMAT_NAMES)[number];
