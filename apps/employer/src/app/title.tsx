import { useEffect } from 'react';

/** Sets "<title> · Payrail employer portal" while a page is shown. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Payrail employer portal`;
  }, [title]);
}
