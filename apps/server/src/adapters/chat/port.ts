/** A message written in the shell's chat, for the support team. */
export type SupportChatMessage = { id: number; email: string; name: string | null; text: string; userId: number | null };

export interface SupportChat {
  readonly provider: string;
  deliver(message: SupportChatMessage): Promise<void>;
}
