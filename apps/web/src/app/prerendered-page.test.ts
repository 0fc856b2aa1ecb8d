import { afterEach, describe, expect, it } from 'vitest';
import { holdPrerendered } from './prerendered-page';

const FORM = `
  <form aria-labelledby="signin-title" method="dialog">
    <input type="email" name="email">
    <input type="password" name="password">
    <input type="checkbox" name="remember">
    <input type="radio" name="pay" value="ach" checked><input type="radio" name="pay" value="allotment">
    <select name="state"><option value="">Choose</option><option value="TX">Texas</option></select>
    <textarea name="note"></textarea>
    <input type="text" name="untouched" value="kept">
    <button type="button">Show</button><button type="submit">Continue</button>
  </form>`;

/** A stand-in for the app's first render: the same fields, fresh, recording the events they receive. */
function appRender(container: HTMLElement, events: string[]) {
  return () => {
    container.innerHTML = FORM.replace(' method="dialog"', '');
    container.querySelector('button[type=button]')?.addEventListener('click', () => events.push('click:Show'));
    container.querySelector('form')?.addEventListener('submit', (event) => {
      event.preventDefault();
      events.push(
        `submit:${(event.submitter as HTMLButtonElement | null)?.textContent ?? '-'}:${(container.querySelector('[name=email]') as HTMLInputElement).value}`,
      );
    });
    for (const field of container.querySelectorAll('input, select, textarea')) {
      for (const type of ['input', 'change']) field.addEventListener(type, () => events.push(`${type}:${(field as HTMLInputElement).name}`));
    }
  };
}

describe('takeOverPrerendered', () => {
  let container: HTMLElement;
  afterEach(() => container.remove());

  const mount = () => {
    container = document.createElement('div');
    container.setAttribute('data-prerendered', '/signin');
    container.innerHTML = FORM;
    document.body.append(container);
    return container;
  };
  const field = <T extends Element = HTMLInputElement>(selector: string) => container.querySelector(selector) as unknown as T;

  it('moves typed values, ticks, choices and the focus over to the app’s fields, with input and change events', () => {
    mount();
    const oldEmail = field('[name=email]');
    oldEmail.value = 'ana@example.com';
    field('[name=password]').value = 'S3cret-pass';
    field('[name=remember]').checked = true;
    field('[value=allotment]').checked = true;
    field<HTMLSelectElement>('[name=state]').value = 'TX';
    field<HTMLTextAreaElement>('[name=note]').value = 'hello';
    field('[name=password]').focus();
    field('[name=password]').setSelectionRange(2, 4);
    const events: string[] = [];

    holdPrerendered(container).takeOver(appRender(container, events));

    expect(container.hasAttribute('data-prerendered')).toBe(false);
    expect(oldEmail.isConnected).toBe(false);
    expect(field('[name=email]').value).toBe('ana@example.com');
    expect(field('[name=password]').value).toBe('S3cret-pass');
    expect(field('[name=remember]').checked).toBe(true);
    expect(field('[value=allotment]').checked).toBe(true);
    expect(field('[value=ach]').checked).toBe(false);
    expect(field<HTMLSelectElement>('[name=state]').value).toBe('TX');
    expect(field<HTMLTextAreaElement>('[name=note]').value).toBe('hello');
    expect(field('[name=untouched]').value).toBe('kept');
    expect(events).toEqual(expect.arrayContaining(['input:email', 'change:email', 'input:password', 'change:state', 'input:note', 'change:remember']));
    expect(events.some((event) => event.endsWith(':untouched'))).toBe(false);
    expect(document.activeElement).toBe(field('[name=password]'));
    expect([field('[name=password]').selectionStart, field('[name=password]').selectionEnd]).toEqual([2, 4]);
  });

  it('draws the app and touches nothing when the visitor has not typed', () => {
    mount();
    const events: string[] = [];
    holdPrerendered(container).takeOver(appRender(container, events));
    expect(container.querySelectorAll('form')).toHaveLength(1);
    expect(container.querySelector('form')?.getAttribute('method')).toBeNull();
    expect(events).toEqual([]);
    expect(field('[name=email]').value).toBe('');
  });

  it('sends a form the visitor sent before the take-over again, from the app’s form, after the typed values', () => {
    mount();
    const held = holdPrerendered(container);
    field('[name=email]').value = 'ana@example.com';
    field<HTMLButtonElement>('button[type=submit]').click();
    expect(document.querySelectorAll('form')).toHaveLength(1); // nothing went anywhere
    const events: string[] = [];
    held.takeOver(appRender(container, events));
    expect(events.filter((event) => event.startsWith('submit:'))).toEqual(['submit:Continue:ana@example.com']);
  });

  it('presses again, on the app’s page, the buttons pressed before the take-over', () => {
    mount();
    const held = holdPrerendered(container);
    field<HTMLButtonElement>('button[type=button]').click();
    field<HTMLButtonElement>('button[type=button]').click();
    const events: string[] = [];
    held.takeOver(appRender(container, events));
    expect(events).toEqual(['click:Show', 'click:Show']);
  });

  it('is one hold per page: the entry’s (before the app’s modules) is the one the app takes over, with what it saw', () => {
    mount();
    const atEntry = holdPrerendered(container);
    field<HTMLButtonElement>('button[type=button]').click();
    const atStart = holdPrerendered(container);
    expect(atStart).toBe(atEntry);
    const events: string[] = [];
    atStart.takeOver(appRender(container, events));
    expect(events).toEqual(['click:Show']);
  });
});
