import { lazy, Suspense, useRef } from 'react';

const ChatDialog = lazy(() => import('./chat-dialog').then((module) => ({ default: module.ChatDialog })));

/**
 * The chat dialog, loaded the first time it opens: its form, rules and request are not part of a page's
 * first load. Once opened it stays mounted, so that closing it returns the focus as the dialog does.
 */
export function ChatDialogOnDemand({ open, onClose }: { open: boolean; onClose: () => void }) {
  const opened = useRef(false);
  if (open) opened.current = true;
  if (!opened.current) return null;
  return (
    <Suspense fallback={null}>
      <ChatDialog open={open} onClose={onClose} />
    </Suspense>
  );
}
