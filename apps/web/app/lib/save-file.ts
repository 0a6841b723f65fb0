/**
 * Hands a file fetched with the session's token to the browser as a download: a link to it is clicked
 * out of sight (a plain link could not send the token).
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the file after the click; the address is released once it surely has.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
