// The 8-byte OLE2 signature every legacy .xls starts with; apart from its reader (contract/xls-read.ts), so a caller
// can tell an .xls without loading the reader.
export const OLE2_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
export const isOle2 = (b: Uint8Array) => OLE2_MAGIC.every((x, i) => b[i] === x);
