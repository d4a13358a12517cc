import { describe, expect, it } from 'vitest';
import { checkUpload, fileExtension } from './upload.rules';

const MB = 1024 * 1024;

describe('checkUpload', () => {
  it('accepts xls and xlsx up to 15 MB', () => {
    expect(checkUpload({ name: 'numbers.xlsx', size: 15 * MB })).toBeNull();
    expect(checkUpload({ name: 'OLD.XLS', size: 1 })).toBeNull();
  });
  it('refuses 15 MB + 1 byte', () => {
    expect(checkUpload({ name: 'numbers.xlsx', size: 15 * MB + 1 })).toBe('v.upload.tooLarge');
  });
  it('refuses other types and empty files', () => {
    expect(checkUpload({ name: 'numbers.csv', size: 10 })).toBe('v.upload.type');
    expect(checkUpload({ name: 'xlsx', size: 10 })).toBe('v.upload.type');
    expect(checkUpload({ name: 'a.xlsx.exe', size: 10 })).toBe('v.upload.type');
    expect(checkUpload({ name: 'a.xlsx', size: 0 })).toBe('v.upload.empty');
  });
  it('takes other limits for media', () => {
    expect(checkUpload({ name: 'clip.mp4', size: 2 * MB }, { extensions: ['mp4'], maxBytes: 2 * MB })).toBeNull();
    expect(checkUpload({ name: 'clip.mp4', size: 2 * MB + 1 }, { extensions: ['mp4'], maxBytes: 2 * MB })).toBe(
      'v.upload.tooLarge',
    );
  });
  it('extension of a name', () => {
    expect(fileExtension('a.b.XLSX')).toBe('xlsx');
    expect(fileExtension('noext')).toBe('');
  });
});
