import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { api, server } from '../../../../test/msw-server';
import { renderWithProviders } from '../../../../test/render';
import { loanDocument } from '../../../../test/servicing-fixtures';
import { LoanDocuments } from './loan-documents';

describe('loan documents with statements', () => {
  it('downloads a statement from its own address; only signed documents can be zipped', async () => {
    const asked: string[] = [];
    server.use(
      http.get(api('/loans/statements/31/pdf'), () => {
        asked.push('statement 31');
        return new HttpResponse(new Blob(['%PDF-']), { headers: { 'Content-Type': 'application/pdf' } });
      }),
      http.get(api('/loans/documents/download/31'), () => {
        asked.push('signed document 31');
        return new HttpResponse(new Blob(['%PDF-']), { headers: { 'Content-Type': 'application/pdf' } });
      }),
    );
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    // The statement's id may equal a signed document's id: they are different lists on the server.
    const statement = { id: 31, file_name: 'Statement — October 2027.pdf', file_url: '/api/loans/statements/31/pdf', file_size: 4_210, file_extension: 'pdf' };
    renderWithProviders(
      <LoanDocuments documents={[loanDocument({ id: 31, file_url: '/api/loans/documents/download/31' }), statement]} identifier="2026-11-0041" />,
    );
    const region = screen.getByRole('region', { name: 'Documents' });
    expect(within(region).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(region).getByText('Statement — October 2027.pdf')).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Download Statement — October 2027.pdf' }));
    await waitFor(() => expect(saved).toEqual(['Statement — October 2027.pdf']));
    expect(asked).toEqual(['statement 31']);
    click.mockRestore();
  });
});
