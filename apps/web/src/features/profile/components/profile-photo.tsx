import { AVATAR_ACCEPT, AVATAR_MAX_BYTES } from '@payrail/contract/identity';
import { MSG } from '@payrail/contract/messages';
import { FileUpload } from '@payrail/ui/file-upload';
import type { FileUploadMessages } from '@payrail/ui/file-upload';
import { notify } from '@payrail/ui/toast/notify';
import { isApiError } from '@payrail/client/http-client';
import { updateAvatar } from '../api/update-avatar';
import styles from './profile.module.css';

export interface ProfilePhotoProps {
  /** The photo on file (URL) or null. */
  avatar: string | null;
  /** Initials shown when there is no photo. */
  initials: string;
  /** The new photo's URL, once stored: refresh the session so the header shows it. */
  onUpdated: (url: string) => void;
}

/** Spec §5: the same two messages client-side; a 422 from the server shows the too-large message. */
const messages: FileUploadMessages = {
  tooLarge: () => MSG.photoTooLarge,
  wrongType: () => MSG.photoWrongType,
  failed: (_file, error) => {
    if (isApiError(error) && error.status === 422) return error.fieldError('avatar') ?? MSG.photoTooLarge;
    return isApiError(error) ? (error.serverMessage ?? error.message) : 'The photo could not be uploaded. Please try again.';
  },
};

/** The "Profile photo" section of personal information: the current photo and an upload for a new one. */
export function ProfilePhoto({ avatar, initials, onUpdated }: ProfilePhotoProps) {
  return (
    <section className={styles.section} aria-labelledby="profile-photo-title">
      <h2 id="profile-photo-title">Profile photo</h2>
      <div className={styles.photoRow}>
        <div className={styles.photo}>
          {avatar ? (
            <img src={avatar} alt="Your profile photo" />
          ) : (
            <>
              <span aria-hidden="true">{initials || '?'}</span>
              <span className="visually-hidden">No photo yet</span>
            </>
          )}
        </div>
        <div className={styles.photoUpload}>
          <FileUpload
            label="New profile photo"
            hint="A PNG or JPEG image of up to 5 MB."
            accept={AVATAR_ACCEPT}
            maxSize={AVATAR_MAX_BYTES}
            upload={updateAvatar}
            messages={messages}
            onUploaded={(_file, result) => {
              notify.success(MSG.updateSuccessful);
              onUpdated(result.url);
            }}
          />
        </div>
      </div>
    </section>
  );
}
