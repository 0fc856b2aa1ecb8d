import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { api, server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { apiClient } from '../../lib/api-client';
import { FileUpload, formatSizeLimit } from '@payrail/ui/file-upload';
import type { FileUploader } from '@payrail/ui/file-upload';

const MAX = 5242880;

const uploadAvatar: FileUploader<{ url: string }> = (file, { onProgress, signal }) => {
  const form = new FormData();
  form.append('avatar', file);
  return apiClient.upload<{ url: string }>('/users/avatar', form, { method: 'PATCH', onProgress, signal });
};

function setup(props: { onUploaded?: (file: File, result: { url: string }) => void; onRemove?: () => void } = {}) {
  const user = userEvent.setup({ applyAccept: false });
  renderWithProviders(
    <FileUpload
      label="Profile photo"
      hint="A clear photo of your face."
      accept={['image/png', 'image/jpeg', '.jpg']}
      maxSize={MAX}
      upload={uploadAvatar}
      onUploaded={props.onUploaded}
      onRemove={props.onRemove}
      messages={{ tooLarge: () => 'User photo cannot be more than 5MB.', wrongType: () => 'User photo should be a image file.' }}
    />,
  );
  const input = screen.getByTestId('file-upload-input');
  return { user, input };
}

describe('FileUpload', () => {
  it('offers a labelled button that states the accepted types and the size limit', () => {
    setup();
    const button = screen.getByRole('button', { name: 'Choose a file for Profile photo' });
    expect(button).toHaveTextContent('Choose a file');
    expect(button).toHaveAccessibleDescription('A clear photo of your face. PNG, JPEG, JPG · up to 5 MB');
  });

  it('names each uploader after its label, so several on a page are told apart', () => {
    renderWithProviders(
      <>
        <FileUpload label="Pay stub" accept={['.pdf']} maxSize={2_000_000} multiple upload={uploadAvatar} />
        <FileUpload label="W-2" accept={['.pdf']} maxSize={2_000_000} multiple upload={uploadAvatar} />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Choose files for Pay stub' })).toHaveAccessibleDescription('PDF · up to 2 MB');
    expect(screen.getByRole('button', { name: 'Choose files for W-2' })).toBeInTheDocument();
  });

  it('reads size limits in whole decimal or binary megabytes', () => {
    expect(formatSizeLimit(2_000_000)).toBe('2 MB');
    expect(formatSizeLimit(5_242_880)).toBe('5 MB');
    expect(formatSizeLimit(1536)).toBe('1.5 KB');
  });

  it('uploads an accepted file with a progress bar, then reports it as uploaded', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.patch(api('/users/avatar'), async () => {
        await gate;
        return HttpResponse.json({ url: '/files/me.png' });
      }),
    );
    const onUploaded = vi.fn();
    const { user, input } = setup({ onUploaded });

    await user.upload(input, new File(['x'.repeat(1000)], 'me.png', { type: 'image/png' }));

    expect(await screen.findByRole('progressbar', { name: 'Uploading me.png' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Uploading me.png.');

    release();
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Uploading me.png' })).not.toBeInTheDocument());
    const list = screen.getByRole('list', { name: 'Profile photo: files' });
    expect(within(list).getByText('Uploaded')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('me.png uploaded.');
    expect(onUploaded).toHaveBeenCalledWith(expect.any(File), { url: '/files/me.png' });
  });

  it('rejects a file over the size limit without uploading it', async () => {
    const { user, input } = setup();
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: MAX + 1 });

    await user.upload(input, big);

    expect(screen.getByRole('alert')).toHaveTextContent('User photo cannot be more than 5MB.');
    expect(screen.queryByRole('list', { name: 'Profile photo: files' })).not.toBeInTheDocument();
  });

  it('accepts a file of exactly the size limit', async () => {
    server.use(http.patch(api('/users/avatar'), () => HttpResponse.json({ url: '/files/a.png' })));
    const { user, input } = setup();
    const edge = new File(['x'], 'edge.png', { type: 'image/png' });
    Object.defineProperty(edge, 'size', { value: MAX });
    await user.upload(input, edge);
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
  });

  it('rejects a file of the wrong type', async () => {
    const { user, input } = setup();
    await user.upload(input, new File(['%PDF'], 'statement.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert')).toHaveTextContent('User photo should be a image file.');
  });

  it('shows a failed upload and lets the person remove it', async () => {
    server.use(http.patch(api('/users/avatar'), () => HttpResponse.json({ error: 'nope' }, { status: 500 })));
    const { user, input } = setup();
    await user.upload(input, new File(['x'], 'me.jpg', { type: 'image/jpeg' }));

    const list = await screen.findByRole('list', { name: 'Profile photo: files' });
    expect(await within(list).findByText('me.jpg could not be uploaded. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove me.jpg' }));
    expect(screen.queryByRole('list', { name: 'Profile photo: files' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('me.jpg removed.');
  });

  it('calls onRemove for a finished upload and truncates long names', async () => {
    server.use(http.patch(api('/users/avatar'), () => HttpResponse.json({ url: '/files/x.png' })));
    const onRemove = vi.fn();
    const { user, input } = setup({ onRemove });
    const name = 'driver-license-front-side-scan.png';
    await user.upload(input, new File(['x'], name, { type: 'image/png' }));
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
    expect(screen.getByText('driver-license-front-side-s...')).toHaveAttribute('title', name);

    await user.click(screen.getByRole('button', { name: `Remove ${name}` }));
    expect(onRemove).toHaveBeenCalledWith(expect.any(File), { url: '/files/x.png' });
  });
});
