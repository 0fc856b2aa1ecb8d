import { useState } from 'react';
import type { ReactNode } from 'react';
import { ChatDialogOnDemand } from '../../../features/support/components/chat-dialog-on-demand';

/** The contact block's chat opens the support feature's message dialog (answered by e-mail). */
export function WithChat({ children }: { children: (openChat: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {children(() => setOpen(true))}
      <ChatDialogOnDemand open={open} onClose={() => setOpen(false)} />
    </>
  );
}
