import { UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES } from '../constants';

// Uploads: spreadsheets are xls or xlsx, at most 15 MB. Media uploads pass their own extensions.

export interface UploadFile {
  name: string;
  /** bytes */
  size: number;
}

export interface UploadLimits {
  extensions: readonly string[];
  maxBytes: number;
}

export const SPREADSHEET_UPLOAD: UploadLimits = { extensions: UPLOAD_EXTENSIONS, maxBytes: UPLOAD_MAX_BYTES };

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** null when the file may be uploaded, otherwise the catalogue key of the reason. */
export function checkUpload(file: UploadFile, limits: UploadLimits = SPREADSHEET_UPLOAD): string | null {
  if (!limits.extensions.includes(fileExtension(file.name))) return 'v.upload.type';
  if (file.size <= 0) return 'v.upload.empty';
  if (file.size > limits.maxBytes) return 'v.upload.tooLarge';
  return null;
}
