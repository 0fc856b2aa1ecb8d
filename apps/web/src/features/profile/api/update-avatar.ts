import { AVATAR_FIELD, ZAvatarResponse } from '@payrail/contract/identity';
import type { TAvatarResponse } from '@payrail/contract/identity';
import type { FileUploader } from '@payrail/ui/file-upload';
import { apiClient } from '../../../lib/api-client';

/** PATCH {dashboard}/users/avatar (multipart `avatar`): stores the profile photo and answers its URL. */
export const updateAvatar: FileUploader<TAvatarResponse> = (file, { onProgress, signal }) => {
  const form = new FormData();
  form.append(AVATAR_FIELD, file);
  return apiClient.upload('/users/avatar', form, { base: 'dashboard', method: 'PATCH', onProgress, signal, schema: ZAvatarResponse });
};
