// Admission webhooks of one kind on a Manager, as controller-runtime's
// ctrl.NewWebhookManagedBy(mgr).For(&Foo{}).WithValidator(v).WithDefaulter(d).Complete(): the
// handlers are registered on the manager's webhook server at controller-runtime's paths
// (/mutate-<group with dots as dashes>-<version>-<kind>, /validate-...), the paths the
// +kubebuilder:webhook markers kubebuilder scaffolds name.
import type { KubeObject } from "../client/object-types.js";
import { Converter, type ConvertibleKind, type SpokeConversion } from "../webhook/conversion.js";
import { defaultingHandler, validatingHandler, type CustomDefaulter, type CustomValidator } from "../webhook/custom.js";
import type { Manager } from "./manager.js";

/** The kind a webhook admits: a generated registration (fooRegistration) has these. */
export interface WebhookKind {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
}

const pathOf = (prefix: string, k: WebhookKind): string =>
  `/${prefix}-${k.group.replaceAll(".", "-")}-${k.version}-${k.kind.toLowerCase()}`;

/** The path of a kind's mutating webhook (controller-runtime's generateMutatePath). */
export const mutatePath = (k: WebhookKind): string => pathOf("mutate", k);
/** The path of a kind's validating webhook (generateValidatePath). */
export const validatePath = (k: WebhookKind): string => pathOf("validate", k);

/** The path of the conversion webhook, one for every kind (controller-runtime's /convert). */
export const CONVERT_PATH = "/convert";

// One Converter per manager, registered at /convert on first use, so every kind's conversions
// share the one path the CRDs' conversion.webhook.clientConfig names.
const converters = new WeakMap<Manager, Converter>();

/** Assembles a kind's webhooks; complete() registers them. */
export class WebhookBuilder<T extends KubeObject = KubeObject> {
  private kind: WebhookKind | undefined;
  private validator: CustomValidator<T> | undefined;
  private defaulter: CustomDefaulter<T> | undefined;
  private conversion: { hub: string; spokes: Readonly<Record<string, SpokeConversion>> } | undefined;

  constructor(private readonly manager: Manager) {}

  /** The kind admitted. */
  for<F extends KubeObject>(kind: WebhookKind): WebhookBuilder<F> {
    const next = this as unknown as WebhookBuilder<F>;
    next.kind = { group: kind.group, version: kind.version, kind: kind.kind };
    return next;
  }

  withValidator(validator: CustomValidator<T>): this {
    this.validator = validator;
    return this;
  }

  withDefaulter(defaulter: CustomDefaulter<T>): this {
    this.defaulter = defaulter;
    return this;
  }

  /**
   * The kind's conversions: `hub` is the version every other converts through (the kind's Hub),
   * `spokes` how each other version converts to it and back (their ConvertTo and ConvertFrom).
   */
  withConversion(hub: string, spokes: Readonly<Record<string, SpokeConversion>>): this;
  /** The same from a kind's table, as the conversion generator writes it in the hub package (`widgetConversion`). */
  withConversion(kind: ConvertibleKind): this;
  withConversion(hub: string | ConvertibleKind, spokes?: Readonly<Record<string, SpokeConversion>>): this {
    if (typeof hub === "string") this.conversion = { hub, spokes: spokes ?? {} };
    else {
      const k = this.kind;
      if (k && (k.group !== hub.group || k.kind !== hub.kind))
        throw new Error(`webhook builder for ${k.kind}.${k.group}: withConversion was given the conversions of ${hub.kind}.${hub.group}`);
      this.conversion = { hub: hub.hub, spokes: hub.spokes };
    }
    return this;
  }

  /** Registers the handlers on the manager's webhook server; returns the paths served. */
  complete(): { mutate?: string; validate?: string; convert?: string } {
    const kind = this.kind;
    if (!kind) throw new Error("webhook builder: for() names the kind and must be called");
    if (!this.validator && !this.defaulter && !this.conversion)
      throw new Error(`webhook builder for ${kind.kind}: neither a validator, a defaulter nor a conversion was given`);
    const server = this.manager.getWebhookServer();
    const out: { mutate?: string; validate?: string; convert?: string } = {};
    if (this.conversion) {
      let converter = converters.get(this.manager);
      if (!converter) {
        const created = new Converter();
        converters.set(this.manager, created);
        server.registerJson(CONVERT_PATH, (body) => Promise.resolve(created.review(body)));
        converter = created;
      }
      converter.add({ group: kind.group, kind: kind.kind, ...this.conversion });
      out.convert = CONVERT_PATH;
    }
    if (this.defaulter) {
      out.mutate = mutatePath(kind);
      server.register(out.mutate, defaultingHandler(this.defaulter));
    }
    if (this.validator) {
      out.validate = validatePath(kind);
      server.register(out.validate, validatingHandler(this.validator));
    }
    return out;
  }
}

/** Starts a kind's webhooks on a Manager (ctrl.NewWebhookManagedBy). */
export function newWebhookManagedBy(manager: Manager): WebhookBuilder {
  return new WebhookBuilder(manager);
}
