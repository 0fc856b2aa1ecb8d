import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInOwnTasks } from './render-tasks';

let setCount: (next: number) => void = () => undefined;
function Counter() {
  const [count, set] = useState(0);
  setCount = set;
  return <output>{count}</output>;
}

const microtask = () => Promise.resolve();
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('renderInOwnTasks — the app start as short tasks', () => {
  let restore: (() => void) | null = null;
  afterEach(() => {
    restore?.();
    restore = null;
  });

  function mount() {
    const container = document.createElement('div');
    flushSync(() => createRoot(container).render(<Counter />));
    return container;
  }

  it('while the app starts, a state change is drawn in a later task, not at the end of the task that made it', async () => {
    restore = renderInOwnTasks();
    const container = mount();
    setCount(1);
    await microtask();
    await microtask();
    expect(container.textContent).toBe('0');
    await nextTask();
    expect(container.textContent).toBe('1');
  });

  it('once restored, a state change is drawn before the task ends (a microtask), as a masked field needs', async () => {
    renderInOwnTasks()();
    const container = mount();
    setCount(2);
    await microtask();
    await microtask();
    expect(container.textContent).toBe('2');
  });
});
