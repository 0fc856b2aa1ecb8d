import { describe, expect, it } from 'vitest';
import {
  AVATAR_POLICY,
  checkAvatarUpload,
  checkDocumentUpload,
  CLASSIC_DOCUMENT_POLICY,
  fileExtension,
  isAcceptedType,
  NEW_FLOW_DOCUMENT_POLICY,
} from './upload';

const doc = (name: string, sizeBytes: number, flow: 'classic' | 'newflow', mimeType?: string): string => {
  const r = checkDocumentUpload({ name, sizeBytes, mimeType }, flow);
  return r.ok ? 'ok' : r.code;
};
const avatar = (name: string, sizeBytes: number, mimeType?: string): string => {
  const r = checkAvatarUpload({ name, sizeBytes, mimeType });
  return r.ok ? 'ok' : r.code;
};

describe('fileExtension', () => {
  it('lowercases the last extension, ignoring folders and dot-files', () => {
    expect(fileExtension('Scan.PDF')).toBe('.pdf');
    expect(fileExtension('stub.final.jpeg')).toBe('.jpeg');
    expect(fileExtension('C:\\docs\\a.png')).toBe('.png');
    expect(fileExtension('dir.v2/readme')).toBe('');
    expect(fileExtension('.png')).toBe('');
    expect(fileExtension('noext')).toBe('');
  });
});

describe('new-flow documents: .png .jpg .jpeg .pdf, max 2 MB of 1,000,000 bytes', () => {
  it('limits are the spec numbers', () => {
    expect(NEW_FLOW_DOCUMENT_POLICY.maxBytes).toBe(2_000_000);
    expect(NEW_FLOW_DOCUMENT_POLICY.extensions).toEqual(['.png', '.jpg', '.jpeg', '.pdf']);
  });
  it.each(['a.png', 'a.jpg', 'a.jpeg', 'a.pdf', 'A.JPEG'])('accepts %s', (name) => {
    expect(doc(name, 1000, 'newflow')).toBe('ok');
  });
  it('accepts exactly 2,000,000 bytes and refuses one more', () => {
    expect(doc('a.pdf', 2_000_000, 'newflow')).toBe('ok');
    expect(doc('a.pdf', 2_000_001, 'newflow')).toBe('file_too_large');
  });
  it('refuses other types, and both faults at once with the combined code', () => {
    expect(doc('a.gif', 10, 'newflow')).toBe('file_type_not_accepted');
    expect(doc('a.heic', 10, 'newflow')).toBe('file_type_not_accepted');
    expect(doc('a', 10, 'newflow')).toBe('file_type_not_accepted');
    expect(doc('a.gif', 3_000_000, 'newflow')).toBe('file_too_large_and_type_not_accepted');
  });
  it('checks a declared MIME type too', () => {
    expect(doc('a.pdf', 10, 'newflow', 'application/pdf')).toBe('ok');
    expect(doc('a.jpg', 10, 'newflow', 'image/jpeg')).toBe('ok');
    expect(doc('a.jpg', 10, 'newflow', 'IMAGE/JPEG')).toBe('ok');
    expect(doc('a.pdf', 10, 'newflow', 'text/html')).toBe('file_type_not_accepted');
    expect(doc('a.pdf', 10, 'newflow', '')).toBe('ok');
    expect(doc('a.pdf', 10, 'newflow', null as unknown as undefined)).toBe('ok');
  });
  it('refuses an empty file', () => {
    expect(doc('a.pdf', 0, 'newflow')).toBe('file_empty');
  });
});

describe('classic documents: .jpg .png .pdf, no size limit in the spec', () => {
  it('accepts the three extensions and no others (not even .jpeg)', () => {
    expect(CLASSIC_DOCUMENT_POLICY.extensions).toEqual(['.jpg', '.png', '.pdf']);
    expect(doc('a.jpg', 10, 'classic')).toBe('ok');
    expect(doc('a.png', 10, 'classic')).toBe('ok');
    expect(doc('a.pdf', 10, 'classic')).toBe('ok');
    expect(doc('a.jpeg', 10, 'classic')).toBe('file_type_not_accepted');
    expect(doc('a.doc', 10, 'classic')).toBe('file_type_not_accepted');
  });
  it('has no size limit', () => {
    expect(CLASSIC_DOCUMENT_POLICY.maxBytes).toBeNull();
    expect(doc('a.pdf', 50_000_000, 'classic')).toBe('ok');
  });
});

describe('profile photo: png/jpeg/jpg, max 5 MB = 5,242,880 bytes', () => {
  it('limits are the spec numbers', () => {
    expect(AVATAR_POLICY.maxBytes).toBe(5_242_880);
  });
  it('accepts the image types up to the limit', () => {
    expect(avatar('me.png', 5_242_880)).toBe('ok');
    expect(avatar('me.jpeg', 10, 'image/jpeg')).toBe('ok');
    expect(avatar('me.JPG', 10)).toBe('ok');
  });
  it('refuses other types first, then sizes', () => {
    expect(avatar('me.pdf', 10)).toBe('photo_wrong_type');
    expect(avatar('me.gif', 10_000_000)).toBe('photo_wrong_type');
    expect(avatar('me.png', 5_242_881)).toBe('photo_too_large');
    expect(avatar('me.png', 0)).toBe('file_empty');
  });
  it('isAcceptedType applies a policy', () => {
    expect(isAcceptedType({ name: 'x.pdf', sizeBytes: 1 }, AVATAR_POLICY)).toBe(false);
  });
});
