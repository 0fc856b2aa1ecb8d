import { screen, waitFor } from '@testing-library/react';
import { APPLICATION_MSG } from '@payrail/contract/application';
import type { TWorkflowStatus } from '@payrail/contract/identity';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sessionAnswer, signInAs } from '../../../test/fixtures';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';

const doc = (id: number) => ({
  id,
  file_name: 'ssn card.pdf',
  file_url: `/api/documents/${id}`,
  file_size: 1200,
  file_extension: 'pdf',
  document_type_name: 'social_security_document',
});

describe('document review', () => {
  it('asks for a social security document; Continue waits for it', async () => {
    signInAs({ workflow_status: 'document_review' });
    const asked: string[] = [];
    server.use(
      http.get(api('/documents'), ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('document_type_name') ?? '');
        return HttpResponse.json([]);
      }),
    );
    renderRoute('/application/document_review');
    expect(await screen.findByRole('heading', { level: 1, name: 'Document Review' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Social security document', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await waitFor(() => expect(asked).toEqual(['social_security_document']));
  }, 15_000);

  it('continues with GET /review, a success notification and the next page', async () => {
    let status: TWorkflowStatus = 'document_review';
    signInAs({ workflow_status: status });
    server.use(
      http.get(api('/token_is_valid'), () => HttpResponse.json(sessionAnswer({ workflow_status: status }))),
      http.get(api('/documents'), () => HttpResponse.json([doc(5)])),
      http.get(api('/review'), () => {
        status = 'select_repay_method';
        return HttpResponse.json({ ok: true, new_status: 'select_repay_method' });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/application/document_review');
    const continueButton = await screen.findByRole('button', { name: 'Continue' }, { timeout: 5000 });
    await waitFor(() => expect(continueButton).toBeEnabled());
    await user.click(continueButton);
    await waitFor(() => expect(router.state.location.pathname).toBe('/select_repay_method'));
    expect(await screen.findByText('Your document was sent for review.')).toBeInTheDocument();
  }, 15_000);

  it('asks for the credit pull authorization when the review says it is missing, records it, then continues', async () => {
    let status: TWorkflowStatus = 'document_review';
    signInAs({ workflow_status: status });
    const calls: string[] = [];
    let authorized = false;
    server.use(
      http.get(api('/token_is_valid'), () => HttpResponse.json(sessionAnswer({ workflow_status: status }))),
      http.get(api('/documents'), () => HttpResponse.json([doc(5)])),
      http.post(api('/borrower_agreement_documents'), ({ request }) => {
        calls.push(`accept ${new URL(request.url).searchParams.get('agreement') ?? ''}`);
        authorized = true;
        return HttpResponse.json(
          { ok: true, agreement: { id: 9, name: 'credit_pull_authorization', accepted_at: '2026-01-01T00:00:00.000Z' } },
          { status: 201 },
        );
      }),
      http.get(api('/review'), () => {
        calls.push('review');
        if (!authorized) return HttpResponse.json({ error: APPLICATION_MSG.creditPullMissing }, { status: 422 });
        status = 'ready_for_review';
        return HttpResponse.json({ ok: true, new_status: 'ready_for_review' });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/application/document_review');
    const continueButton = await screen.findByRole('button', { name: 'Continue' }, { timeout: 5000 });
    expect(screen.queryByRole('checkbox')).toBeNull();
    await waitFor(() => expect(continueButton).toBeEnabled());
    await user.click(continueButton);
    expect(await screen.findByText(APPLICATION_MSG.creditPullMissing)).toBeInTheDocument();
    const box = screen.getByRole('checkbox', { name: /obtain my credit report/ });
    expect(continueButton).toBeDisabled();
    expect(screen.getByText('Authorize the credit pull before continuing.')).toBeInTheDocument();
    await user.click(box);
    await user.click(continueButton);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls).toEqual(['review', 'accept credit_pull_authorization', 'review']);
  }, 15_000);

  it("shows the review's refusal", async () => {
    signInAs({ workflow_status: 'document_review' });
    server.use(
      http.get(api('/documents'), () => HttpResponse.json([doc(5)])),
      http.get(api('/review'), () => HttpResponse.json({ errors: { 'documents.pay_stub': ['must have at least one file'] } }, { status: 422 })),
    );
    const user = userEvent.setup();
    renderRoute('/application/document_review');
    const continueButton = await screen.findByRole('button', { name: 'Continue' }, { timeout: 5000 });
    await waitFor(() => expect(continueButton).toBeEnabled());
    await user.click(continueButton);
    expect(await screen.findByText('Pay stub: must have at least one file')).toBeInTheDocument();
  }, 15_000);
});
