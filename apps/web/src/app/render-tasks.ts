import { options } from 'preact';

/**
 * While the app starts, a render its state asks for (the router's first match, a module that came in, an
 * answer read) runs in a task of its own, not at the end of whichever task asked for it: a page's start is
 * then several short tasks instead of a few long ones, and a tap or a keystroke meanwhile waits for one of
 * them, not for all (docs/performance.md). Returns what puts Preact's own scheduling back (a microtask after
 * the task that changed the state), which every later render uses: a keystroke's render then lands before
 * the browser paints, as a masked field needs.
 */
export function renderInOwnTasks(): () => void {
  const own = options.debounceRendering;
  options.debounceRendering = (render) => setTimeout(render, 0);
  return () => {
    options.debounceRendering = own;
  };
}
