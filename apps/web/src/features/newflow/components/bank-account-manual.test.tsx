import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { BANK_MSG } from '@payrail/contract/banking';
import { navigationStackHandler } from '../../../../test/fixtures';
import { api, server } from '../../../../test/msw-server';
import { atNewflowStep, NF, stepGet } from '../../../../test/newflow-fixtures';
import { renderRoute } from '../../../../test/render';

const SAVED = {
  id: 9,
  account_type: 'savings',
  routing_transfer_number: '034821624',
  bank_account_number: '*****6789',
  bank_name: 'Harbor Point Bank',
  logo: null,
  source: 'manual',
  verified_at: null,
  statement_document_id: null,
};

/** Answers POST verify_manual_save_api_response with `answer` and the step POST with additional_documents; records both bodies. */
function handlers(answer: () => Response) {
  const saves: unknown[] = [];
  const steps: Record<string, unknown>[] = [];
  server.use(
    navigationStackHandler('verify_bank_account'),
    stepGet('verify_bank_account', { bank_information: null, linked: false }),
    http.post(api('/bank_informations/verify_manual_save_api_response'), async ({ request }) => {
      saves.push(await request.json());
      return answer();
    }),
    http.post(api('/applicationflow/application_step'), async ({ request }) => {
      steps.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ new_status: 'additional_documents', finalized_application: false });
    }),
  );
  return { saves, steps };
}

async function fillAndSubmit() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('radio', { name: 'Savings' }));
  await user.type(screen.getByRole('textbox', { name: /Routing number/ }), '034821624');
  await user.type(screen.getByRole('textbox', { name: /Account number/ }), '123456789');
  await user.upload(screen.getByLabelText('Bank statement'), new File(['%PDF-1.4'], 'statement.pdf', { type: 'application/pdf' }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('bank_account/manual: POST verify_manual_save_api_response (newflow §7)', () => {
  it('sends bank_information {bank_account_number, routing_transfer_number, account_type}, then posts the step', async () => {
    atNewflowStep('verify_bank_account');
    const { saves, steps } = handlers(() => HttpResponse.json({ ok: true, bank_information: SAVED }));
    const { router } = renderRoute(`${NF}/bank_account/manual`);
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe(`${NF}/additional_documents`));
    expect(saves).toEqual([{ bank_information: { bank_account_number: '123456789', routing_transfer_number: '034821624', account_type: 'savings' } }]);
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatchObject({ workflow_status_key: 'verify_bank_account', manual: { accountType: 'Savings', routingNumber: '034821624' } });
  });

  it("shows a refusal's text body in red and does not post the step", async () => {
    atNewflowStep('verify_bank_account');
    const { saves, steps } = handlers(() => new HttpResponse(BANK_MSG.bankNotFound, { status: 422, headers: { 'content-type': 'text/plain; charset=utf-8' } }));
    const { router } = renderRoute(`${NF}/bank_account/manual`);
    await fillAndSubmit();
    expect(await screen.findByText(BANK_MSG.bankNotFound)).toBeInTheDocument();
    expect(saves).toHaveLength(1);
    expect(steps).toHaveLength(0);
    expect(router.state.location.pathname).toBe(`${NF}/bank_account/manual`);
  });
});
