/**
 * Hands a file made in the page (a CSV, a PDF fetched with the caller's credentials) to the browser as a
 * download with the given name. The object URL is released once the download has surely started.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
