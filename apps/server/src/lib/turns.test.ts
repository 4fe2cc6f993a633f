import { describe, expect, it } from 'vitest';
import { Turns } from './turns.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('turns', () => {
  it('runs work sharing a key one at a time, in arrival order', async () => {
    const turns = new Turns();
    const log: string[] = [];
    let inside = 0;
    let most = 0;
    const work = (name: string, keys: number[]) =>
      turns.run(keys, async () => {
        inside += 1;
        most = Math.max(most, inside);
        log.push(`${name}+`);
        await tick();
        log.push(`${name}-`);
        inside -= 1;
        return name;
      });
    const results = await Promise.all([work('a', [1, 2]), work('b', [2, 1]), work('c', [2])]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(most).toBe(1);
    expect(log).toEqual(['a+', 'a-', 'b+', 'b-', 'c+', 'c-']);
    expect(turns.busy).toBe(0);
  });

  it('runs work on other keys alongside', async () => {
    const turns = new Turns();
    let inside = 0;
    let most = 0;
    await Promise.all(
      [1, 2, 3].map((key) =>
        turns.run([key], async () => {
          inside += 1;
          most = Math.max(most, inside);
          await tick();
          inside -= 1;
        }),
      ),
    );
    expect(most).toBe(3);
  });

  it('passes the next holder on when work fails', async () => {
    const turns = new Turns();
    const failing = turns.run([7], async () => {
      await tick();
      throw new Error('refused');
    });
    const next = turns.run([7], async () => 'ran');
    await expect(failing).rejects.toThrow('refused');
    await expect(next).resolves.toBe('ran');
    expect(turns.busy).toBe(0);
  });

  it('cannot deadlock two pieces of work that name the same keys in opposite orders', async () => {
    const turns = new Turns();
    const both = Array.from({ length: 50 }, (_, i) =>
      turns.run(i % 2 ? [1, 2] : [2, 1], async () => {
        await tick();
        return i;
      }),
    );
    expect((await Promise.all(both)).length).toBe(50);
  });
});
