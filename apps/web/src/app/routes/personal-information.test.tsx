import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '@payrail/contract/identity';
import { FIELD_MSG, MSG } from '@payrail/contract/messages';
import type { TProfile } from '@payrail/contract/profile';
import { agreementHandler, sessionAnswer, signInAs } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';
import { notify } from '@payrail/ui/toast/notify';
import { sessionStore } from '../../lib/session-store';

const PHOTO_URL = `/api/avatars/${'ab'.repeat(32)}-png`;

const STATE_LIST = [
  { id: 8, name: 'Delaware', abbreviation: 'DE', is_available: true },
  { id: 43, name: 'Texas', abbreviation: 'TX', is_available: true },
  { id: 22, name: 'Massachusetts', abbreviation: 'MA', is_available: false },
];

/** The profile GET /users/info answers; tests change it as the server would. */
let current: TProfile;

function profile(overrides: Partial<TProfile['borrower']> = {}): TProfile {
  return {
    user: { email: 'ana@example.com', avatar: null },
    borrower: {
      first_name: 'Ana',
      last_name: 'Lima',
      date_of_birth: '1986-04-12',
      social_security_number: 'xxx-xx-6789',
      phone: '+12025550142',
      phone_confirmed: true,
      employer: { id: 3, name: 'Department of Veterans Affairs' },
      zip_code: '19801',
      unit_number: 'Apt 4',
      address: '12 Harbor Street',
      city: 'Wilmington',
      state: { id: 8, name: 'Delaware', abbreviation: 'DE' },
      total_allotments_paid: 0,
      ...overrides,
    },
  };
}

function shell(overrides: Partial<TProfile['borrower']> = {}) {
  current = profile(overrides);
  server.use(
    http.get(api('/users/info'), () => HttpResponse.json(current)),
    http.get(api('/states'), () => HttpResponse.json(STATE_LIST)),
    http.get(api('/notifications'), () => HttpResponse.json([])),
    http.get(api('/benefits'), () => HttpResponse.json({ level: 'zero', color: '#999999', read: true })),
    http.get(api('/banners'), () => HttpResponse.json([])),
    agreementHandler(),
  );
}

const png = (size = 100) => new File([new Uint8Array(size)], 'me.png', { type: 'image/png' });

async function openPage() {
  const user = userEvent.setup({ applyAccept: false });
  const utils = renderRoute('/dashboard/personal-information');
  expect(await screen.findByRole('heading', { level: 1, name: 'Personal Information' })).toBeInTheDocument();
  return { user, ...utils };
}

describe('personal information: profile photo', () => {
  it('uploads a photo, says Update successful! and the header shows it', async () => {
    signInAs({ workflow_status: 'approved' });
    shell();
    const sent: FormData[] = [];
    server.use(
      http.patch(api('/users/avatar'), async ({ request }) => {
        sent.push(await request.formData());
        // The session check now answers the photo too.
        server.use(http.get(api('/token_is_valid'), () => HttpResponse.json(sessionAnswer({ workflow_status: 'approved', avatar: PHOTO_URL }))));
        return HttpResponse.json({ url: PHOTO_URL });
      }),
    );
    const { user } = await openPage();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Personal information' })).toHaveTextContent('AL');
    expect(screen.getByRole('heading', { level: 2, name: 'Profile photo' })).toBeInTheDocument();

    await user.upload(screen.getByTestId('file-upload-input'), png());

    await waitFor(() => expect(notify.list()).toEqual([expect.objectContaining({ kind: 'success', message: MSG.updateSuccessful })]));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.get('avatar')).toBeInstanceOf(File);
    await waitFor(() => expect(within(header).getByRole('link', { name: 'Personal information' }).querySelector('img')).toHaveAttribute('src', PHOTO_URL));
    expect(screen.getByRole('img', { name: 'Your profile photo' })).toHaveAttribute('src', PHOTO_URL);
    expect(sessionStore.getState().user?.avatar).toBe(PHOTO_URL);
  });

  it('refuses a non-image and a photo over 5 MB before uploading, with the spec messages', async () => {
    signInAs({ workflow_status: 'approved' });
    shell();
    let calls = 0;
    server.use(
      http.patch(api('/users/avatar'), () => {
        calls += 1;
        return HttpResponse.json({ url: PHOTO_URL });
      }),
    );
    const { user } = await openPage();
    const input = screen.getByTestId('file-upload-input');

    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText(MSG.photoWrongType)).toBeInTheDocument();

    await user.upload(input, png(AVATAR_MAX_BYTES + 1));
    expect(await screen.findByText(MSG.photoTooLarge)).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it("shows the server's too-large message on a 422 and keeps the old header", async () => {
    signInAs({ workflow_status: 'approved' });
    shell();
    server.use(http.patch(api('/users/avatar'), () => HttpResponse.json({ errors: { avatar: [MSG.photoTooLarge] } }, { status: 422 })));
    const { user } = await openPage();
    await user.upload(screen.getByTestId('file-upload-input'), png());
    expect(await screen.findByRole('list', { name: 'New profile photo: files' })).toHaveTextContent(MSG.photoTooLarge);
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Personal information' })).toHaveTextContent('AL');
    expect(notify.list()).toEqual([]);
  });
});

describe('personal information: phone edit dialog', () => {
  it("says 'invalid phone' for a bad number in the dialog", async () => {
    signInAs({ workflow_status: 'approved', phone: '+12025550142', phone_confirmed: true });
    shell();
    const { user } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Edit mobile number' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit mobile number' });
    const field = within(dialog).getByLabelText('Mobile phone number');
    await user.clear(field);
    await user.type(field, '12345');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText(MSG.invalidPhoneShort)).toBeInTheDocument();
    expect(within(dialog).queryByText(MSG.invalidPhone)).not.toBeInTheDocument();
  });

  it('sends a code to the new number, waits 30 s before a resend, verifies it and shows the new number', async () => {
    signInAs({ workflow_status: 'approved', phone: '+12025550142', phone_confirmed: true });
    shell();
    const calls: { path: string; body: unknown }[] = [];
    server.use(
      http.post(api('/dashboard/phones'), async ({ request }) => {
        calls.push({ path: '/dashboard/phones', body: await request.json() });
        return HttpResponse.json({ number: '+12025550199', confirmed: false }, { status: 201 });
      }),
      http.post(api('/dashboard/verify_phone'), async ({ request }) => {
        calls.push({ path: '/dashboard/verify_phone', body: await request.json() });
        server.use(
          http.get(api('/token_is_valid'), () =>
            HttpResponse.json(sessionAnswer({ workflow_status: 'approved', phone: '+12025550199', phone_confirmed: true })),
          ),
        );
        current = profile({ phone: '+12025550199' });
        return HttpResponse.json({ number: '+12025550199', confirmed: true });
      }),
    );
    const { user } = await openPage();
    expect(await screen.findByTestId('personal-phone')).toHaveTextContent('(202) 555-0142 (verified)');
    await user.click(screen.getByRole('button', { name: 'Edit mobile number' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit mobile number' });
    const field = within(dialog).getByLabelText('Mobile phone number');
    const send = within(dialog).getByRole('button', { name: 'Send code' });
    expect(send).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox'));
    await user.clear(field);
    await user.type(field, '2025550199');
    await user.click(send);

    expect(await within(dialog).findByText('(202) 555-0199', { selector: 'strong' })).toBeInTheDocument();
    // The resend wait starts with the first send (issue #33), not only after a resend click.
    expect(await within(dialog).findByRole('button', { name: /^Resend code in (30|29) s$/ })).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Verification code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(notify.list()).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'success', message: MSG.phoneVerified })])));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('personal-phone')).toHaveTextContent('(202) 555-0199 (verified)');
    // No resend was possible during the wait: one send, one verify.
    expect(calls).toEqual([
      { path: '/dashboard/phones', body: { phone: { number: '+12025550199' } } },
      { path: '/dashboard/verify_phone', body: { phone: { number: '+12025550199', code: '123456' } } },
    ]);
  });

  it('shows a wrong code under the code field', async () => {
    signInAs({ workflow_status: 'approved', phone: '+12025550142', phone_confirmed: true });
    shell();
    server.use(
      http.post(api('/dashboard/phones'), () => HttpResponse.json({ number: '+12025550199', confirmed: false }, { status: 201 })),
      http.post(api('/dashboard/verify_phone'), () => HttpResponse.json({ errors: { phone: ['Invalid verification code'] } }, { status: 422 })),
    );
    const { user } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Edit mobile number' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit mobile number' });
    const field = within(dialog).getByLabelText('Mobile phone number');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.clear(field);
    await user.type(field, '2025550199');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await user.type(await within(dialog).findByLabelText('Verification code'), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('Invalid verification code')).toBeInTheDocument();
    expect(screen.getByTestId('personal-phone')).toHaveTextContent('(202) 555-0142 (verified)');
  });
});

describe('personal information: every Profile field', () => {
  it('shows the SSN masked, date of birth, phone, e-mail, address, P.O. box, city, state abbreviation and name, zip and employer', async () => {
    signInAs({ workflow_status: 'approved' });
    shell();
    await openPage();
    const facts = await screen.findByTestId('personal-ssn');
    expect(facts).toHaveTextContent('xxx-xx-6789');
    const value = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(value('Date of birth')).toHaveTextContent('04/12/1986');
    expect(value('E-mail')).toHaveTextContent('ana@example.com');
    expect(value('Mobile phone')).toHaveTextContent('(202) 555-0142 (verified)');
    expect(value('Address')).toHaveTextContent('12 Harbor Street');
    expect(value('P.O. box')).toHaveTextContent('Apt 4');
    expect(value('City')).toHaveTextContent('Wilmington');
    expect(value('State')).toHaveTextContent('DE - Delaware');
    expect(value('Zip code')).toHaveTextContent('19801');
    expect(value('Employer')).toHaveTextContent('Department of Veterans Affairs');
  });

  it('shows the SSN in full after the password again (the server checks it and logs each call) and masks it again', async () => {
    signInAs({ workflow_status: 'approved' });
    shell();
    const sent: unknown[] = [];
    server.use(
      http.post(api('/users/info/ssn'), async ({ request }) => {
        const body = (await request.json()) as { password: string };
        sent.push(body);
        if (body.password !== 'Sup3r-secret')
          return HttpResponse.json({ errors: { password: ['That password is not right. Please try again.'] } }, { status: 422 });
        return HttpResponse.json({ social_security_number: '212-55-6789' });
      }),
    );
    const { user } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Show SSN in full' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(within(dialog).getByLabelText('Password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Show SSN' }));
    expect(await within(dialog).findByText('That password is not right. Please try again.')).toBeInTheDocument();
    expect(screen.getByTestId('personal-ssn')).toHaveTextContent('xxx-xx-6789');
    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'Sup3r-secret');
    await user.click(within(dialog).getByRole('button', { name: 'Show SSN' }));
    expect(await screen.findByText('212-55-6789')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide SSN' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Hide SSN' }));
    expect(screen.getByTestId('personal-ssn')).toHaveTextContent('xxx-xx-6789');
    expect(sent).toEqual([{ password: 'wrong' }, { password: 'Sup3r-secret' }]);
  });

  it('says "Not given yet" for what the borrower has not answered', async () => {
    signInAs({ workflow_status: 'approved' });
    shell({ social_security_number: null, date_of_birth: null, employer: null, unit_number: null, state: null });
    await openPage();
    expect(await screen.findByText('Social Security number', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show SSN in full' })).not.toBeInTheDocument();
    expect(screen.getByText('State', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Not given yet');
  });
});

describe('personal information: address dialog', () => {
  it('picks an address from the autocomplete, saves it with PUT /users/info and says Update successful!', async () => {
    signInAs({ workflow_status: 'approved' });
    shell();
    const puts: unknown[] = [];
    server.use(
      http.get(api('/addresses/autocomplete'), () =>
        HttpResponse.json({ suggestions: [{ address: '1100 Congress Ave', unit_number: '', city: 'Austin', state: 'TX', zip_code: '78701' }] }),
      ),
      http.put(api('/users/info'), async ({ request }) => {
        puts.push(await request.json());
        current = profile({ address: '1100 Congress Ave', city: 'Austin', zip_code: '78701', state: { id: 43, name: 'Texas', abbreviation: 'TX' } });
        return HttpResponse.json(current);
      }),
    );
    const { user } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Edit address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit address' });
    const address = within(dialog).getByRole('combobox', { name: /Address/ });
    await user.clear(address);
    await user.type(address, '1100 Congress');
    await user.click(await within(dialog).findByRole('option', { name: /1100 Congress Ave/ }));
    expect(within(dialog).getByLabelText('City')).toHaveValue('Austin');
    expect(within(dialog).getByLabelText('State')).toHaveValue('43');
    expect(within(dialog).getByLabelText('Zip code')).toHaveValue('78701');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(notify.list()).toEqual([expect.objectContaining({ kind: 'success', message: MSG.updateSuccessful })]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts).toEqual([{ borrower: { address: '1100 Congress Ave', unit_number: 'Apt 4', city: 'Austin', state_id: 43, zip_code: '78701' } }]);
    expect(screen.getByTestId('personal-address')).toHaveTextContent('1100 Congress Ave');
    expect(screen.getByText('State', { selector: 'dt' }).nextElementSibling).toHaveTextContent('TX - Texas');
  });

  it('shows the server field messages under their fields and keeps the dialog open', async () => {
    signInAs({ workflow_status: 'approved' });
    shell();
    server.use(
      http.put(api('/users/info'), () => HttpResponse.json({ errors: { state_id: [MSG.stateUnavailable], zip_code: [FIELD_MSG.invalid] } }, { status: 422 })),
    );
    const { user } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Edit address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit address' });
    await user.selectOptions(within(dialog).getByLabelText('State'), '22');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(await within(dialog).findByText(MSG.stateUnavailable)).toBeInTheDocument();
    expect(within(dialog).getByText(FIELD_MSG.invalid)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('State')).toHaveAttribute('aria-invalid', 'true');
    expect(notify.list()).toEqual([]);
  });
});
