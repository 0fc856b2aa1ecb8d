import { PhoneCodeForm } from '../../../features/phone/components/phone-code-form';
import { PhoneEntryForm } from '../../../features/phone/components/phone-entry-form';
import { DEFAULT_PHONE_MODE } from '../../../features/phone/lib/phone-number';
import { VerifyPhone } from '../../../features/newflow/components/verify-phone';
import { LIMITS } from '../../../features/newflow/lib/rules';
import { AgreementLink } from '../../../features/legal/components/agreement-link';

export function Component() {
  return (
    <VerifyPhone
      renderEntry={(slot) => (
        <PhoneEntryForm
          mode={DEFAULT_PHONE_MODE}
          askConsent
          consentLink={(label) => <AgreementLink agreement="consent_text_messaging">{label}</AgreementLink>}
          {...slot}
        />
      )}
      renderCode={(slot) => <PhoneCodeForm minCodeLength={LIMITS.phoneCodeMin} waitFromFirstSend {...slot} />}
    />
  );
}
