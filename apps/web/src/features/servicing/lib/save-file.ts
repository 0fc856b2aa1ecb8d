/** Saves a fetched file under a name (a temporary blob link the browser downloads). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser the click before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
