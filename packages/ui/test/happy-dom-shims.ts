/**
 * What happy-dom (the component tests' DOM) lacks and browsers have, where our code depends on it.
 *
 * `HTMLSelectElement.size` (HTML: the number of visible rows, 0 by default): react-hook-form reads it to
 * tell a select the person already changed from one still at its first option; without it every
 * registered select looks edited, and its default value is replaced by the first option.
 */
if (typeof HTMLSelectElement !== 'undefined' && !('size' in HTMLSelectElement.prototype)) {
  Object.defineProperty(HTMLSelectElement.prototype, 'size', {
    configurable: true,
    get(this: HTMLSelectElement) {
      const attribute = Number.parseInt(this.getAttribute('size') ?? '', 10);
      return Number.isNaN(attribute) ? 0 : attribute;
    },
    set(this: HTMLSelectElement, value: number) {
      this.setAttribute('size', String(value));
    },
  });
}
