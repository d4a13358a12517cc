import { describe, expect, it } from 'vitest';
import { bombWorkbook, buildZip, deflatedZeros } from '../../tests/helpers/hostile-sheets';
import { BoundedZip, ZIP_LIMITS, ZipBudgetError, ZipFormatError, zipEntries } from './zip-read';

async function drain(zip: BoundedZip, name: string): Promise<number> {
  let n = 0;
  for await (const chunk of zip.stream(name)) n += chunk.length;
  return n;
}

describe('bounded zip reading', () => {
  it('reads what an honest zip holds', async () => {
    const zip = new BoundedZip(
      buildZip([
        { name: 'a.xml', data: '<a>héllo</a>' },
        { name: 'b.bin', data: Buffer.alloc(300_000, 1) },
      ]),
    );
    expect([...zip.entries.keys()]).toEqual(['a.xml', 'b.bin']);
    expect(await zip.text('a.xml')).toBe('<a>héllo</a>');
    expect(await drain(zip, 'b.bin')).toBe(300_000);
  });

  it('refuses a bomb that declares its size before inflating anything', async () => {
    const bytes = await bombWorkbook(200);
    expect(bytes.length).toBeLessThan(400_000);
    const zip = new BoundedZip(bytes);
    await expect(drain(zip, 'xl/worksheets/sheet1.xml')).rejects.toBeInstanceOf(ZipBudgetError);
  });

  it('stops a bomb that lies about its size at the ratio limit, not at its end', async () => {
    const zip = new BoundedZip(await bombWorkbook(200, { lie: true }), { ...ZIP_LIMITS, maxRatio: 100_000 });
    // the lie is caught first: the entry inflates past the 4,096 bytes it declared
    await expect(drain(zip, 'xl/worksheets/sheet1.xml')).rejects.toBeInstanceOf(ZipFormatError);
    let seen = 0;
    const honestAboutNothing = new BoundedZip(
      buildZip([{ name: 'z', raw: await deflatedZeros(200), declaredSize: 0xfffffffe }]),
    );
    await expect(
      (async () => {
        for await (const chunk of honestAboutNothing.stream('z')) seen += chunk.length;
      })(),
    ).rejects.toBeInstanceOf(ZipBudgetError);
    // zeros deflate ~1000:1; the reader gave up after ratio × compressed bytes, a small part of the 200 MiB
    expect(seen).toBeLessThanOrEqual(
      Math.max(ZIP_LIMITS.ratioFloorBytes, ZIP_LIMITS.maxRatio * honestAboutNothing.entries.get('z')!.compressedSize),
    );
    expect(seen).toBeLessThan(50 * 2 ** 20);
  });

  it('refuses an entry compressed far beyond what a sheet reaches, even when small enough', async () => {
    const raw = await deflatedZeros(9);
    const bytes = buildZip([{ name: 'z', raw }]);
    await expect(drain(new BoundedZip(bytes), 'z')).rejects.toBeInstanceOf(ZipBudgetError);
    expect(await drain(new BoundedZip(bytes, { ...ZIP_LIMITS, maxRatio: 2000 }), 'z')).toBe(9 * 2 ** 20);
  });

  it('caps each entry and the whole zip', async () => {
    const data = Buffer.from(Array.from({ length: 50_000 }, (_, i) => String(i)).join(','));
    const bytes = buildZip([
      { name: 'a', data },
      { name: 'b', data },
    ]);
    await expect(
      drain(new BoundedZip(bytes, { ...ZIP_LIMITS, maxEntryBytes: data.length - 1 }), 'a'),
    ).rejects.toBeInstanceOf(ZipBudgetError);
    const both = new BoundedZip(bytes, { ...ZIP_LIMITS, maxTotalBytes: data.length + 10 });
    expect(await drain(both, 'a')).toBe(data.length);
    await expect(drain(both, 'b')).rejects.toBeInstanceOf(ZipBudgetError);
  });

  it('refuses an entry that inflates to less than it declared', async () => {
    const bytes = buildZip([{ name: 'a', data: 'short', declaredSize: 100 }]);
    await expect(drain(new BoundedZip(bytes), 'a')).rejects.toBeInstanceOf(ZipFormatError);
  });

  it('refuses too many entries, truncation and bytes that are no zip', async () => {
    const many = buildZip(Array.from({ length: ZIP_LIMITS.maxEntries + 1 }, (_, i) => ({ name: `p${i}`, data: '' })));
    expect(() => zipEntries(many)).toThrow(ZipBudgetError);
    const ok = buildZip([{ name: 'a', data: Buffer.alloc(10_000, 3) }]);
    expect(() => zipEntries(ok.subarray(0, ok.length - 30))).toThrow(ZipFormatError);
    const cut = Buffer.concat([ok.subarray(0, 40), ok.subarray(ok.length - 22 - 46 - 1)]);
    expect(() => new BoundedZip(cut)).toThrow(ZipFormatError);
    expect(() => zipEntries(Buffer.alloc(5000, 1))).toThrow(ZipFormatError);
    const damaged = buildZip([{ name: 'a', data: Array.from({ length: 20_000 }, (_, i) => String(i)).join(',') }]);
    damaged.fill(0xff, 100, 140);
    await expect(drain(new BoundedZip(damaged), 'a')).rejects.toBeInstanceOf(ZipFormatError);
  });
});
