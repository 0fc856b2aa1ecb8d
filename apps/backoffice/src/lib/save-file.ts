/**
 * Hands a fetched file to the browser as a download named `fileName`: an object URL on a temporary link,
 * clicked, then freed once the click has been handled.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
