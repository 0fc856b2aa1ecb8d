import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render';

const doc = (agreement: string, title: string) => ({
  id: 3,
  name: agreement,
  title,
  version: '2.1',
  state_abbreviation: null,
  file_url: `/files/${agreement}.html`,
  pdf_url: `/files/${agreement}.pdf`,
  body_html: `<h2>Section 1</h2><p>${title} body.</p>`,
});

describe('legal pages', () => {
  it.each([
    ['/privacy_policy', 'privacy_notice', 'Privacy Notice'],
    ['/service_terms', 'terms_of_use', 'Terms of Use'],
  ])('%s renders the server document %s with a PDF link', async (path, agreement, title) => {
    let asked: string | null = null;
    server.use(
      http.get(api('/agreement_document'), ({ request }) => {
        asked = new URL(request.url).searchParams.get('agreement');
        return HttpResponse.json(doc(agreement, title));
      }),
    );
    renderRoute(path);

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(asked).toBe(agreement);
    expect(screen.getByRole('heading', { level: 2, name: 'Section 1' })).toBeInTheDocument();
    expect(screen.getByText(`${title} body.`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download PDF (opens in a new tab)' })).toHaveAttribute('href', `/files/${agreement}.pdf`);
  });

  it('offers a retry when the document cannot be loaded', async () => {
    server.use(http.get(api('/agreement_document'), () => HttpResponse.json({ error: 'missing' }, { status: 404 })));
    renderRoute('/privacy_policy');
    expect(await screen.findByText('We could not load this document.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
