/**
 * Hooks: how a lower server module calls a higher one without importing it (issue #28, docs/architecture.md
 * "Module floors"). The lower module declares what it calls — a type, `XHooks`, in its own `hooks.ts` —
 * and the composition root (`module-hooks.ts`, used by `createContext`) gives every declared hook the
 * higher module's function. A hook is a plain function call: it runs where the lower module calls it, in
 * its transaction when it is handed one, in the order of the code around it; nothing is queued or deferred.
 *
 * The registry lives on the context (`ctx.hooks`), built once per context and frozen: two apps in one test
 * process never share or leak a registration. A hook left out is a type error in the composition root, and
 * one that is not a function when the context is built (a cast, an import cycle read too early) stops the
 * start with its name; a lower module never finds a hook missing and never skips one.
 */

/** The hooks one lower module calls, by name: each a function a higher module provides. */
export type HookSet = { readonly [name: string]: (...args: never[]) => unknown };

/** Every lower module's hooks, by the module that calls them. */
export type HookMap = { readonly [module: string]: HookSet };

/** Frozen, one level deep: `Readonly` of each module's set. */
export type Hooks<M extends HookMap> = { readonly [K in keyof M]: Readonly<M[K]> };

/** Thrown when the context is built with a hook that is not a function. */
export class MissingHookError extends Error {
  constructor(readonly missing: readonly string[]) {
    super(`hooks not registered: ${missing.join(', ')} (apps/server/src/module-hooks.ts)`);
    this.name = 'MissingHookError';
  }
}

/**
 * The registry of `M`, frozen: every module's set and every hook in it must be a function, else
 * MissingHookError names each `module.hook` that is not.
 */
export function createHooks<M extends HookMap>(registered: M): Hooks<M> {
  const missing: string[] = [];
  const out: Record<string, Readonly<HookSet>> = {};
  for (const [module, set] of Object.entries(registered as Record<string, HookSet | undefined>)) {
    if (typeof set !== 'object' || set === null) {
      missing.push(`${module}.*`);
      continue;
    }
    for (const [name, fn] of Object.entries(set)) if (typeof fn !== 'function') missing.push(`${module}.${name}`);
    out[module] = Object.freeze({ ...set });
  }
  if (missing.length > 0) throw new MissingHookError(missing);
  return Object.freeze(out) as Hooks<M>;
}
