/**
 * Saves a file the server sent as base64 (an export) through a temporary link: the browser's own download, named
 * as the server named it.
 */
export function downloadFile(name: string, mime: string, base64: string): void {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const url = URL.createObjectURL(new Blob([bytes], { type: mime }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  // Firefox starts a download only from a link in the document.
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked at once, the address can vanish before a slow browser has begun to read it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
