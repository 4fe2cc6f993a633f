/** One CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
const field = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/**
 * Rows as CSV text, lines ending in CRLF, with a byte-order mark so that spreadsheet programs read
 * Chinese names as UTF-8.
 */
export const csvOf = (rows: string[][]) =>
  `\uFEFF${rows.map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;

/** Hands an address to the browser as a file to download, under the name given. */
export const downloadUrl = (url: string, filename: string) => {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
};

/** Saves text as a file the browser downloads. */
export const downloadText = (filename: string, text: string, type = 'text/csv;charset=utf-8') =>
  downloadBlob(filename, new Blob([text], { type }));

/** Saves what was fetched as a file the browser downloads, under the name given. */
export const downloadBlob = (filename: string, blob: Blob) => {
  const url = URL.createObjectURL(blob);
  downloadUrl(url, filename);
  // The click has handed the file to the browser; the URL can go once this task ends.
  setTimeout(() => URL.revokeObjectURL(url));
};
