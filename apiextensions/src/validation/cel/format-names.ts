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

/**
 * Each format's MaxRegexSize (format.go), which the runtime cost of validate() is computed from, as a
 * regex of that length matched against the string.
 */
export const FORMAT_REGEX_SIZE: Readonly<Record<FormatName, number>> = {
  dns1123Label: 30,
  dns1123Subdomain: 60,
  dns1035Label: 30,
  qualifiedName: 60,
  dns1123LabelPrefix: 30,
  dns1123SubdomainPrefix: 60,
  dns1035LabelPrefix: 30,
  labelValue: 40,
  uri: 1103,
  // len(strfmt.UUIDPattern), len(strfmt.DateTimePattern)
  uuid: 70,
  byte: 84,
  date: 71,
  datetime: 71,
};
