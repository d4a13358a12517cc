import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { UPLOAD_MAX_BYTES } from '../../contract/constants';
import {
  UPLOAD_LIMITS,
  uploadAddressBookEndpoint,
  uploadAimMaterialEndpoint,
  uploadCspMaterialEndpoint,
  uploadFileEndpoint,
  uploadVideoMaterialEndpoint,
} from '../../contract/endpoints/file.endpoints';
import { fileMaterialEndpoint } from '../../contract/endpoints/library.endpoints';
import { checkUpload, fileExtension } from '../../contract/validation/upload.rules';
import { readableCusIds } from '../auth/scope';
import type { AppContext } from '../core/context';
import { ApiError, badRequest, notFound } from '../http/api-error';
import { callerOf } from '../http/authentication';
import { route, zodToApiError } from '../http/route';
import { findFile, materialUrl, readFileBytes, sameType, saveFile, sniff } from './files';
import { SheetError, sheetFailureKey } from './sheet-errors';
import { countDataRows } from './sheets';

// Uploads: one file in the part named `file`, checked by name, size and then by its
// bytes; a refused upload stores nothing. Materials and reports are read back through /file/material by their own
// account only, with the content type their bytes showed.

const MEDIA_ENDPOINTS = [uploadVideoMaterialEndpoint, uploadCspMaterialEndpoint, uploadAimMaterialEndpoint];
const SHEET_ENDPOINTS = [uploadFileEndpoint, uploadAddressBookEndpoint];

const tooLarge = () => new ApiError(413, 'v.upload.tooLarge');

// Bidirectional controls (embeddings, overrides, isolates, marks) in a file name make "report\u202Excod.exe" show as
// "reportexe.docx" in a list or a save dialog; they carry no meaning in a name, so a stored name has none.
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/gu;

/** The name an upload is stored under: its last 200 characters, without control or bidirectional characters. */
const uploadName = (name: string | undefined) =>
  [...(name || 'file').slice(-200)]
    .filter((ch) => ch >= ' ')
    .join('')
    .replace(BIDI_CONTROLS, '') || 'file';

export function registerFileRoutes(app: FastifyInstance, ctx: AppContext): void {
  // multipart parsing only in this scope, so other routes keep refusing multipart bodies
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 20, parts: 25, fieldSize: 1000 },
    });
    for (const endpoint of [...MEDIA_ENDPOINTS, ...SHEET_ENDPOINTS]) {
      const media = MEDIA_ENDPOINTS.includes(endpoint);
      route(scope, ctx, endpoint, async ({ req, user }) => {
        if (!req.isMultipart()) throw badRequest('library.uploadNoFile', {}, 'file');
        let part;
        try {
          part = await req.file();
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
          throw badRequest('library.uploadNoFile', {}, 'file');
        }
        if (!part || part.fieldname !== 'file') throw badRequest('library.uploadNoFile', {}, 'file');
        let bytes: Buffer;
        try {
          bytes = await part.toBuffer();
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
          throw badRequest('library.uploadUnreadable', {}, 'file');
        }
        if (part.file.truncated) throw tooLarge();
        const fileName = uploadName(part.filename);
        const refused = checkUpload({ name: fileName, size: bytes.length }, UPLOAD_LIMITS[endpoint.path]);
        if (refused === 'v.upload.tooLarge') throw tooLarge();
        if (refused)
          throw badRequest(media && refused === 'v.upload.type' ? 'library.uploadMediaType' : refused, {}, 'file');
        const kind = sniff(bytes);
        if (!kind || (media ? kind.mediaType === 'sheet' : kind.mediaType !== 'sheet'))
          throw badRequest(media ? 'library.uploadMediaType' : 'v.upload.type', {}, 'file');
        if (!sameType(fileExtension(fileName), kind.ext)) throw badRequest('library.uploadContentMismatch', {}, 'file');
        let rowCount: number | null = null;
        if (kind.mediaType === 'sheet') {
          try {
            rowCount = await countDataRows(bytes);
          } catch (err) {
            throw badRequest(
              err instanceof SheetError ? sheetFailureKey(err.reason) : 'library.uploadUnreadable',
              {},
              'file',
            );
          }
        }
        const saved = await saveFile(ctx, {
          cusId: user!.cus_id,
          kind: media ? 'media' : 'sheet',
          fileName,
          contentType: kind.contentType,
          bytes,
          rowCount,
        });
        return {
          fileId: saved.file_id,
          fileName,
          size: saved.size,
          url: media ? materialUrl(saved.file_id) : '',
          rowCount,
        };
      });
    }
  });

  // answered by hand (bytes, not the envelope); the token comes only in the Authorization header, never in the URL:
  // the console fetches materials and shows them from blob: URLs
  app.get(fileMaterialEndpoint.path, async (req, reply) => {
    const parsed = fileMaterialEndpoint.request.safeParse(req.query ?? {});
    if (!parsed.success) throw zodToApiError(parsed.error, req.query);
    const user = await callerOf(req);
    if (!user) throw new ApiError(401, 'error.unauthorized');
    const file = await findFile(ctx.db, parsed.data.fileId, readableCusIds(user, 'data'));
    if (!file) throw notFound('library.fileNotFound');
    const bytes = await readFileBytes(ctx, file).catch(() => null);
    if (!bytes) throw notFound('library.fileNotFound');
    const disposition = file.kind === 'media' ? 'inline' : 'attachment';
    return (
      reply
        .type(file.content_type)
        .header('Content-Disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.file_name)}`)
        // sheets and import reports hold personal data (names, numbers): no copy is kept, not even the browser's
        .header('Cache-Control', file.kind === 'media' ? 'private, max-age=3600' : 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(bytes)
    );
  });
}
