// Client-side export of what the screen shows (the local database holds it): an .xlsx built with exceljs.
export async function downloadXlsx(fileName: string, headers: string[], rows: string[][]): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('data');
  ws.addRow(headers).font = { bold: true };
  // cells are plain strings: a value starting with "=" stays text, never a formula
  for (const r of rows) ws.addRow(r.map((c) => ({ richText: [{ text: c }] })));
  const buf = await wb.xlsx.writeBuffer();
  const url = URL.createObjectURL(new Blob([buf], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName.endsWith('.xlsx') ? fileName : `${fileName}.xlsx`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
