import { packageParts, rowXml, SHEET_END, SHEET_PATH, sheetStart, XLSX_MIME } from '../../contract/xlsx-sheet';

// Client-side export of what the screen shows (the local database holds it), in the same format as the platform's
// downloads (contract/xlsx-sheet.ts): text cells stay literal text, never formulas, with no warning markers.
export async function xlsxBlob(fileName: string, headers: string[], rows: string[][]): Promise<Blob> {
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  for (const [path, content] of Object.entries(packageParts(fileName))) zip.file(path, content);
  zip.file(
    SHEET_PATH,
    sheetStart(headers.map(() => 18)) +
      rowXml(headers, 1, true) +
      rows.map((r, i) => rowXml(r, i + 2)).join('') +
      SHEET_END,
  );
  return zip.generateAsync({ type: 'blob', mimeType: XLSX_MIME, compression: 'DEFLATE' });
}

export async function downloadXlsx(fileName: string, headers: string[], rows: string[][]): Promise<void> {
  const url = URL.createObjectURL(await xlsxBlob(fileName, headers, rows));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName.endsWith('.xlsx') ? fileName : `${fileName}.xlsx`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
