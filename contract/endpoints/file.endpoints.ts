import { UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES } from '../constants';
import { defineEndpoint, emptyRequest, LONG_TIMEOUT_MS } from '../endpoint';
import { uploadedFileSchema } from '../entities.schema';
import type { UploadLimits } from '../validation/upload.rules';

// File uploads: multipart/form-data with the bearer token; the file is the part named `file`, other parts
// are ignored. Limits (15 MB) are checked by the console with checkUpload() before sending and again by the
// platform, which answers 400 v.upload.type / v.upload.empty and 413 above the size.

const MEDIA = ['jpg', 'jpeg', 'png', 'gif', 'mp4', '3gp', 'mp3', 'aac', 'amr'] as const;
const spreadsheet: UploadLimits = { extensions: UPLOAD_EXTENSIONS, maxBytes: UPLOAD_MAX_BYTES };
const media: UploadLimits = { extensions: MEDIA, maxBytes: UPLOAD_MAX_BYTES };

const upload = (path: string, doc: string) =>
  defineEndpoint({
    path,
    kind: 'multipart',
    timeoutMs: LONG_TIMEOUT_MS,
    doc,
    request: emptyRequest,
    response: uploadedFileSchema,
  });

export const uploadVideoMaterialEndpoint = upload(
  '/file/uploadVideoMaterial',
  "A video-message frame's media (image, video or audio); answers its url.",
);
export const uploadCspMaterialEndpoint = upload(
  '/file/uploadCspMaterial',
  "A rich card's media (image, video or audio); answers its url.",
);
export const uploadFileEndpoint = upload(
  '/file/upload',
  'An xls/xlsx number list for a send (first column mobile, then p1..pN); answers fileId and rowCount.',
);
export const uploadAddressBookEndpoint = upload(
  '/file/uploadAddressBook',
  'An xls/xlsx member sheet for /addressBook/addressBookMemberImport.',
);
export const uploadAimMaterialEndpoint = upload(
  '/file/uploadAimMaterial',
  'Media for an AIM (number check) material; answers its url.',
);

/** What each upload accepts, keyed by path: the console's checkUpload() and the platform use the same limits. */
export const UPLOAD_LIMITS: Readonly<Record<string, UploadLimits>> = {
  [uploadVideoMaterialEndpoint.path]: media,
  [uploadCspMaterialEndpoint.path]: media,
  [uploadFileEndpoint.path]: spreadsheet,
  [uploadAddressBookEndpoint.path]: spreadsheet,
  [uploadAimMaterialEndpoint.path]: media,
};
