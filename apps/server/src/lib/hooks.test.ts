import { describe, expect, it } from 'vitest';
import { type AppHooks, moduleHooks } from '../module-hooks';
import { createHooks, MissingHookError } from './hooks';

describe('hooks (lib/hooks.ts)', () => {
  it('wires every hook the lower modules declare to a function, frozen', () => {
    const hooks = createHooks(moduleHooks());
    for (const [module, set] of Object.entries(hooks)) {
      for (const [name, fn] of Object.entries(set)) expect(typeof fn, `${module}.${name}`).toBe('function');
    }
    expect(Object.isFrozen(hooks)).toBe(true);
    expect(Object.isFrozen(hooks.loanBook)).toBe(true);
    expect(() => {
      (hooks.loanBook as { firstLoanFunded: unknown }).firstLoanFunded = async () => undefined;
    }).toThrow(TypeError);
  });

  it('each context gets its own registry: wiring one never changes another', () => {
    const a = createHooks(moduleHooks());
    const b = createHooks({ ...moduleHooks(), review: { ...moduleHooks().review, approvalBlock: async () => 'blocked' } });
    expect(a.review.approvalBlock).not.toBe(b.review.approvalBlock);
    expect(a.loanBook.collectionsDay).toBe(b.loanBook.collectionsDay);
  });

  it('refuses a hook that is not a function, naming each one (the context is not built)', () => {
    const wired = moduleHooks();
    const broken = {
      ...wired,
      loanBook: { ...wired.loanBook, firstLoanFunded: undefined as unknown as AppHooks['loanBook']['firstLoanFunded'] },
      workflow: undefined as unknown as AppHooks['workflow'],
    };
    expect(() => createHooks(broken)).toThrow(MissingHookError);
    expect(() => createHooks(broken)).toThrow('hooks not registered: loanBook.firstLoanFunded, workflow.*');
  });

  it('a hook left out of the wiring is a type error', () => {
    const { collectionsDay: _left, ...rest } = moduleHooks().loanBook;
    // @ts-expect-error -- collectionsDay is missing: the composition root does not compile without it
    const incomplete: AppHooks = { ...moduleHooks(), loanBook: rest };
    expect(Object.keys(incomplete.loanBook)).not.toContain('collectionsDay');
  });
});
