import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { zipStream } from './zip-stream';

// The download's zip writer: a real archive (read back by JSZip, CRCs checked), a source that fails mid-entry fails
// the archive, and stopping early ends the entry's source.
async function collect(it: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const b of it) parts.push(b);
  return Buffer.concat(parts);
}

describe('zip stream', () => {
  it('writes entries that a zip reader opens with their exact bytes', async () => {
    async function* big() {
      for (let i = 0; i < 200; i++) yield Buffer.from(`<row r="${i}">第${i}行 ${'x'.repeat(i)}</row>`, 'utf8');
    }
    const zip = await collect(
      zipStream([
        { path: 'a.xml', data: '<a>文本</a>' },
        { path: 'dir/表.xml', data: big() },
        { path: 'empty', data: '' },
      ]),
    );
    const read = await JSZip.loadAsync(zip, { checkCRC32: true });
    expect(await read.file('a.xml')!.async('string')).toBe('<a>文本</a>');
    const text = await read.file('dir/表.xml')!.async('string');
    expect(text.startsWith('<row r="0">第0行 </row>')).toBe(true);
    expect(text.match(/<row /g)).toHaveLength(200);
    expect(await read.file('empty')!.async('string')).toBe('');
  });

  it('fails the archive when an entry source fails', async () => {
    async function* failing() {
      yield Buffer.from('first');
      throw new Error('source failed');
    }
    await expect(collect(zipStream([{ path: 'x', data: failing() }]))).rejects.toThrow('source failed');
  });

  it('ends the entry source when the reader stops early', async () => {
    let closed = false;
    let produced = 0;
    async function* endless() {
      try {
        for (;;) {
          produced++;
          yield Buffer.alloc(64 * 1024, produced % 251);
        }
      } finally {
        closed = true;
      }
    }
    let seen = 0;
    for await (const _ of zipStream([{ path: 'x', data: endless() }], 0)) if (++seen > 5) break;
    expect(closed).toBe(true);
    expect(produced).toBeLessThan(100);
  });
});
