// What a mutating admission plugin keeps between the admission chain's two passes over one request,
// as kube-apiserver's MutatingAdmissionPolicy and MutatingAdmissionWebhook plugins keep it
// (policy/mutating/reinvocationcontext.go, webhook/mutating/reinvocationcontext.go): which
// IfNeeded invocations ran, which of them the second pass runs again (those that ran before the object
// was changed), and the object as the plugin last left it. The chain itself runs its second pass when
// any plugin changed the object (ReinvocationContext.SetShouldReinvoke). No CEL here: the test server's
// webhooks use it too, through the on-demand entry.

/** The admission chain's state of one request: whether its second pass runs, and whether it is running. */
export interface ChainPass {
  /** Set once the chain runs its second pass. */
  reinvoking: boolean;
  /** Whether a plugin asked for a second pass (changed the object). */
  shouldReinvoke: boolean;
}

/** One plugin's reinvocation state over one request (keys name its invocations). */
export class Reinvocation {
  private lastOutput: string | undefined;
  private previouslyInvoked = new Set<string>();
  private readonly reinvoke = new Set<string>();

  constructor(private readonly chain: ChainPass) {}

  /** Whether this is the chain's second pass. */
  get reinvoking(): boolean {
    return this.chain.reinvoking;
  }
  /** SetShouldReinvoke: the object changed, so the chain runs a second pass. */
  changed(): void {
    this.chain.shouldReinvoke = true;
  }

  /** RequireReinvokingPreviouslyInvokedPlugins: the IfNeeded invocations so far are run again in the second pass. */
  requireReinvoking(): void {
    for (const k of this.previouslyInvoked) this.reinvoke.add(k);
    this.previouslyInvoked = new Set();
  }
  invoked(key: string): void {
    this.previouslyInvoked.add(key);
  }
  skips(key: string): boolean {
    return this.reinvoking && !this.reinvoke.has(key);
  }
  changedSinceLastPass(object: unknown): boolean {
    return this.lastOutput !== JSON.stringify(object);
  }
  passed(object: unknown): void {
    this.lastOutput = JSON.stringify(object);
  }
}
