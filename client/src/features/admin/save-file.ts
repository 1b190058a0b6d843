// Hands a downloaded body to the browser as a file: an object URL on an <a download>, clicked.
// A plain link cannot carry the bearer token, so the file is fetched first and saved from memory.

/** The file name a Content-Disposition header asks for, if any; never a path. */
export function attachmentName(header: string | null): string | null {
  const match = header?.match(/filename="?([^";]+)"?/i);
  const name = match?.[1].split(/[\\/]/).pop()?.trim();
  return name || null;
}

export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; the URL is dropped soon after instead.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
