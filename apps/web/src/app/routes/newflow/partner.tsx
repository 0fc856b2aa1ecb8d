import { useState } from 'react';
import { CheckYourRate } from '../../../features/auth/components/check-your-rate';
import { EmployerSearch } from '../../../features/employer/components/employer-search';
import { agreementLink } from '../../agreement-links';
import { RedirectSignedIn } from '../signed-in-redirect';

/**
 * Partner sign-up (newflow §2): Check Your Rate with the partner employer (b2b_partner) and the
 * employee id (at most 30 characters). The employer comes from the employer search; only partners fit.
 */
function PartnerPicker({
  onChange,
  error,
}: {
  onChange: (employer: Parameters<Parameters<typeof EmployerSearch>[0]['onPick']>[0] | null) => void;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const [notPartner, setNotPartner] = useState<string | null>(null);
  return (
    <EmployerSearch
      search={search}
      onSearchChange={setSearch}
      error={notPartner ?? error}
      onPick={(employer) => {
        if (employer.partnership !== 'b2b_partner') {
          setNotPartner(`${employer.name} is not a partner employer. Use Check Your Rate instead.`);
          onChange(null);
          return;
        }
        setNotPartner(null);
        setSearch(employer.name);
        onChange(employer);
      }}
    />
  );
}

export function Component() {
  return (
    <RedirectSignedIn>
      <CheckYourRate
        agreementLink={agreementLink}
        partner={{
          renderEmployerPicker: ({ value, onChange, error }) =>
            value ? (
              <p>
                Employer: <strong>{value.name}</strong>{' '}
                <button type="button" onClick={() => onChange(null)}>
                  Change<span className="visually-hidden"> employer</span>
                </button>
              </p>
            ) : (
              <PartnerPicker onChange={onChange} error={error} />
            ),
        }}
      />
    </RedirectSignedIn>
  );
}
