import { createContext, useContext } from 'react';

/**
 * The workflow moves the new-flow screens need, provided by app/ (the one place status moves happen,
 * app/workflow.ts), so the feature never imports the app.
 */
export interface NewflowMoves {
  /** After a step was accepted (or to continue from the stack): newflow §4 navigation. */
  moveOn: (answer?: { new_status?: string | null } | null) => Promise<void>;
  /** Open the page of a status the server named (a refusal's `current_status`, a GET's `new_status`). */
  goTo: (status: string) => void;
}

export const NewflowMovesContext = createContext<NewflowMoves | null>(null);

export function useNewflowMoves(): NewflowMoves {
  const moves = useContext(NewflowMovesContext);
  if (!moves) throw new Error('useNewflowMoves needs the new-flow layout');
  return moves;
}
