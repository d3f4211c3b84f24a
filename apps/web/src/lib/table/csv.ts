// CSV export of tables: RFC 4180 text (CRLF line ends) that spreadsheets read as numbers where the cells are numbers,
// and a browser download of it.

// A field with a comma, quote or line break is quoted, its quotes doubled. A leading =, + or @ would make
// spreadsheets evaluate a text as a formula, so such a text is prefixed with an apostrophe.
/** One CSV field, quoted and guarded against formula injection where needed. */
export function csvField(text: string): string {
  const guarded = /^[=+@]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** The CSV text of a header and rows of raw field texts, each field quoted as needed, ending with CRLF. */
export function csvText(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((fields) => fields.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** Makes the browser save `text` as a CSV file named `fileName`. */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has the URL when it starts.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
