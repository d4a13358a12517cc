import { describe, expect, it } from 'vitest';
import { checkUpload } from '../validation/upload.rules';
import {
  UPLOAD_LIMITS,
  uploadAddressBookEndpoint,
  uploadFileEndpoint,
  uploadVideoMaterialEndpoint,
} from './file.endpoints';

const MB = 1024 * 1024;

describe('file endpoints', () => {
  it('are multipart and each has limits', () => {
    for (const e of [uploadFileEndpoint, uploadAddressBookEndpoint, uploadVideoMaterialEndpoint]) {
      expect(e.kind).toBe('multipart');
      expect(UPLOAD_LIMITS[e.path]).toBeDefined();
    }
    expect(Object.keys(UPLOAD_LIMITS)).toHaveLength(5);
  });
  it('spreadsheet uploads take xls/xlsx up to 15 MB, media uploads take media', () => {
    expect(checkUpload({ name: 'a.xlsx', size: 15 * MB }, UPLOAD_LIMITS[uploadFileEndpoint.path])).toBeNull();
    expect(checkUpload({ name: 'a.xlsx', size: 15 * MB + 1 }, UPLOAD_LIMITS[uploadAddressBookEndpoint.path])).toBe(
      'v.upload.tooLarge',
    );
    expect(checkUpload({ name: 'a.mp4', size: MB }, UPLOAD_LIMITS[uploadFileEndpoint.path])).toBe('v.upload.type');
    expect(checkUpload({ name: 'a.mp4', size: MB }, UPLOAD_LIMITS[uploadVideoMaterialEndpoint.path])).toBeNull();
    expect(checkUpload({ name: 'a.xlsx', size: MB }, UPLOAD_LIMITS[uploadVideoMaterialEndpoint.path])).toBe(
      'v.upload.type',
    );
  });
});
