/**
 * Files the app downloads through the API (with the session's token, so not a plain link):
 * the orders export (issue 12), the payout statement (issue 29).
 */

/** The file name the server gave (`content-disposition`), else the same name made here. */
export function fileName(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? fallback;
}

/**
 * How long the file's URL is kept after the click: some browsers still read it after
 * `click()` returns, and letting go at once can cancel the download.
 */
export const EXPORT_REVOKE_MS = 10_000;

/** Hands a downloaded file to the browser to save, then (a little later) lets go of it. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), EXPORT_REVOKE_MS);
  }
}
