import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DOCUMENT_FILE_TOO_LARGE, DOCUMENT_FILE_WRONG_TYPE } from '@payrail/contract/documents';
import type { TDocument } from '@payrail/contract/documents';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { api, server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { DELETE_DOCUMENT_QUESTION, DocumentUpload } from './document-upload';

const stub = (id: number, name: string): TDocument => ({
  id,
  file_name: name,
  file_url: `/api/documents/${id}`,
  file_size: 2048,
  file_extension: 'pdf',
  document_type_name: 'pay_stub',
});

/** A server holding the borrower's pay stubs in memory, as the real one would. */
function payStubServer(initial: TDocument[] = []) {
  let stored = [...initial];
  const uploads: string[] = [];
  server.use(
    http.get(api('/documents'), ({ request }) => {
      expect(new URL(request.url).searchParams.get('document_type_name')).toBe('pay_stub');
      return HttpResponse.json(stored);
    }),
    http.post(api('/documents'), async ({ request }) => {
      const form = await request.formData();
      uploads.push(String(form.get('document[document_type_name]')));
      const file = form.get('document[file]') as File;
      if (file.name.startsWith('fake')) return HttpResponse.json({ errors: { file: [DOCUMENT_FILE_WRONG_TYPE] } }, { status: 422 });
      const created = stub(100 + stored.length, file.name);
      stored = [...stored, created];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.delete(api('/documents/:id'), ({ params }) => {
      stored = stored.filter((d) => d.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { uploads, stored: () => stored };
}

function setup(onChange = vi.fn()) {
  const user = userEvent.setup({ applyAccept: false });
  renderWithProviders(<DocumentUpload type="pay_stub" label="Pay stub" onChange={onChange} />);
  return { user, input: screen.getByTestId('file-upload-input'), onChange };
}

describe('DocumentUpload', () => {
  it('lists the stored files of its type and reports them', async () => {
    payStubServer([stub(1, 'march.pdf')]);
    const { onChange } = setup();
    expect(await screen.findByText('march.pdf')).toBeInTheDocument();
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([expect.objectContaining({ id: 1 })]));
  });

  it('uploads with the type first and lists the new file from the server', async () => {
    const fake = payStubServer();
    const { user, input, onChange } = setup();
    await user.upload(input, new File(['%PDF-1.4'], 'april.pdf', { type: 'application/pdf' }));
    const list = await screen.findByRole('list', { name: 'Pay stub: uploaded files' });
    expect(within(list).getByText('april.pdf')).toBeInTheDocument();
    expect(fake.uploads).toEqual(['pay_stub']);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([expect.objectContaining({ file_name: 'april.pdf' })]));
  });

  it("shows the server's refusal verbatim (a renamed non-image)", async () => {
    payStubServer();
    const { user, input } = setup();
    await user.upload(input, new File(['not an image'], 'fake.png', { type: 'image/png' }));
    const item = await screen.findByText(DOCUMENT_FILE_WRONG_TYPE, { selector: 'li p' });
    expect(item).toBeVisible();
  });

  it('refuses an oversize or unsupported file before sending it', async () => {
    const fake = payStubServer();
    const { user, input } = setup();
    await user.upload(input, new File([new Uint8Array(2_000_001)], 'big.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(DOCUMENT_FILE_TOO_LARGE)).toBeInTheDocument();
    await user.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText(DOCUMENT_FILE_WRONG_TYPE)).toBeInTheDocument();
    expect(fake.uploads).toEqual([]);
  });

  it('asks before deleting and deletes only when confirmed', async () => {
    const fake = payStubServer([stub(1, 'march.pdf')]);
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Delete march.pdf' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(DELETE_DOCUMENT_QUESTION)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fake.stored()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Delete march.pdf' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('march.pdf')).not.toBeInTheDocument());
    expect(fake.stored()).toEqual([]);
    // Focus continues from this type's upload button, not the page body.
    await waitFor(() => expect(screen.getByRole('button', { name: /^Choose files for / })).toHaveFocus());
  });

  it('a proof of address asks what it states first and sends the date (ISO), street and zip with the file', async () => {
    const sent: Record<string, string>[] = [];
    server.use(
      http.get(api('/documents'), () => HttpResponse.json([])),
      http.post(api('/documents'), async ({ request }) => {
        const form = await request.formData();
        sent.push(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>);
        return HttpResponse.json({ ...stub(7, 'bill.pdf'), document_type_name: 'proof_of_address' }, { status: 201 });
      }),
    );
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<DocumentUpload type="proof_of_address" label="Proof of address" />);
    const choose = screen.getByRole('button', { name: /choose|upload|browse/i });
    expect(choose).toBeDisabled();
    await user.type(screen.getByLabelText(/Date on the document/), '13452026');
    expect(await screen.findByText('Invalid date.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Date on the document/));
    await user.type(screen.getByLabelText(/Date on the document/), '11102026');
    await user.type(screen.getByLabelText(/Street address on the document/), '123 North Main Street');
    await user.type(screen.getByLabelText(/Zip code on the document/), '62701');
    await waitFor(() => expect(choose).toBeEnabled());
    await user.upload(screen.getByTestId('file-upload-input'), new File(['%PDF-1.4'], 'bill.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      'document[document_type_name]': 'proof_of_address',
      'document[statement_date]': '2026-11-10',
      'document[address]': '123 North Main Street',
      'document[zip_code]': '62701',
    });
  });
});
