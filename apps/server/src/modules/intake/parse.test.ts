import { IntakeLimits } from '@ptt/contract';
import { describe, expect, it } from 'vitest';
import { deflatedZeros, zipOf } from '../../../test/zip-support.ts';
import { readFile } from './parse.ts';

const MB = 1024 * 1024;

describe('reading an uploaded workbook', () => {
  it('refuses an archive that claims no entries but holds a huge one, within 1 s and 100 MB', async () => {
    const size = 512 * MB;
    const bomb = zipOf('xl/worksheets/sheet1.xml', Buffer.alloc(0), size, 0, await deflatedZeros(size));
    expect(bomb.length).toBeLessThan(IntakeLimits.bytesMax);
    // The peak resident size catches memory taken and freed again during the read.
    const peakBefore = process.resourceUsage().maxRSS * 1024;
    const started = performance.now();
    await expect(readFile(bomb)).rejects.toMatchObject({ key: 'importFileUnsupported' });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(process.resourceUsage().maxRSS * 1024 - peakBefore).toBeLessThan(100 * MB);
  }, 60_000);
});
