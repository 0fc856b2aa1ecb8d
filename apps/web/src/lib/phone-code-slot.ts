/**
 * What a phone-code view is given to verify a number: the classic flow's PhoneCodeForm takes it as its props
 * (features/phone), and the new flow's verify-phone step hands it to the view the route renders there
 * (features/newflow): one contract, so the two features stay apart.
 */
export interface PhoneCodeSlot {
  number: string;
  /** Under the code field: errors.phone[0] or errors.error of a failed verification. */
  codeError?: string;
  pending: boolean;
  resendPending: boolean;
  onVerify: (code: string) => void;
  /** Sends a new code; resolves true when it was sent, which starts the 30 s wait. */
  onResend: () => Promise<boolean>;
  onEdit: () => void;
  onCodeChange?: () => void;
}
