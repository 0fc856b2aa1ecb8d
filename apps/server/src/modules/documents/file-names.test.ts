import { describe, expect, it } from 'vitest';
import { cleanFileName, contentDisposition } from './file-names';

describe('cleanFileName', () => {
  it('keeps an ordinary name and puts the real extension on it', () => {
    expect(cleanFileName('Pay stub (March).pdf', 'pdf', 'pay_stub')).toBe('Pay stub (March).pdf');
    expect(cleanFileName('license.JPEG', 'jpg', 'driver_license')).toBe('license.jpg');
    expect(cleanFileName('scan.pdf', 'png', 'w2')).toBe('scan.png');
    expect(cleanFileName('no-extension', 'pdf', 'w2')).toBe('no-extension.pdf');
  });

  it('drops paths, control and invisible characters, and shell or header characters', () => {
    expect(cleanFileName('../../etc/passwd', 'pdf', 'w2')).toBe('passwd.pdf');
    expect(cleanFileName('C:\\Users\\me\\Desktop\\id.png', 'png', 'w2')).toBe('id.png');
    expect(cleanFileName('a\u0000b\r\nc\u202Egpj.exe', 'jpg', 'w2')).toBe('abcgpj.jpg');
    expect(cleanFileName('x";$(rm -rf)<b>.pdf', 'pdf', 'w2')).toBe('x___(rm -rf)_b_.pdf');
    expect(cleanFileName('.htaccess', 'pdf', 'w2')).toBe('htaccess.pdf');
    expect(cleanFileName('Überweisung café.pdf', 'pdf', 'w2')).toBe('Überweisung café.pdf');
  });

  it('falls back to the type name and caps the length', () => {
    expect(cleanFileName(undefined, 'png', 'selfie_photo')).toBe('selfie_photo.png');
    expect(cleanFileName('...', 'png', 'selfie_photo')).toBe('selfie_photo.png');
    expect(cleanFileName('\u0007.pdf', 'pdf', 'pay_stub')).toBe('pay_stub.pdf');
    expect(cleanFileName(`${'a'.repeat(300)}.pdf`, 'pdf', 'w2')).toBe(`${'a'.repeat(100)}.pdf`);
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('inline', 'café "1".pdf')).toBe(`inline; filename="caf_ _1_.pdf"; filename*=UTF-8''caf%C3%A9%20%221%22.pdf`);
  });
});
