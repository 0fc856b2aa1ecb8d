import { useEffect } from 'react';

/** Sets "<title> · Payrail back office" while a page is shown. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Payrail back office`;
  }, [title]);
}
