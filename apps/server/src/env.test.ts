import { describe, expect, it } from 'vitest';
import { readConfig } from './env.ts';

describe('configuration', () => {
  it('opens maps on Hong Kong unless MAP_CENTER says otherwise', () => {
    expect(readConfig({}).MAP_CENTER).toEqual({ lat: 22.3193, lng: 114.1694 });
    expect(readConfig({ MAP_CENTER: '-33.8688, 151.2093' }).MAP_CENTER).toEqual({
      lat: -33.8688,
      lng: 151.2093,
    });
  });

  it('refuses a MAP_CENTER that is not latitude,longitude in degrees', () => {
    for (const bad of ['', 'paris', '91,0', '0,181', '1,2,3', '1;2', '1,']) {
      expect(() => readConfig({ MAP_CENTER: bad }), bad).toThrow();
    }
  });

  it('keeps ten connections to PostgreSQL unless DATABASE_POOL_SIZE says otherwise, and refuses nonsense', () => {
    expect(readConfig({}).DATABASE_POOL_SIZE).toBe(10);
    expect(readConfig({ DATABASE_POOL_SIZE: '4' }).DATABASE_POOL_SIZE).toBe(4);
    for (const bad of ['0', '-1', '2.5', 'many', '1000']) {
      expect(() => readConfig({ DATABASE_POOL_SIZE: bad }), bad).toThrow();
    }
  });

  it('runs the reminders at 8 unless REMINDER_HOUR says another hour or off, and refuses nonsense', () => {
    expect(readConfig({}).REMINDER_HOUR).toBe(8);
    expect(readConfig({ REMINDER_HOUR: '0' }).REMINDER_HOUR).toBe(0);
    expect(readConfig({ REMINDER_HOUR: '23' }).REMINDER_HOUR).toBe(23);
    expect(readConfig({ REMINDER_HOUR: 'off' }).REMINDER_HOUR).toBeNull();
    for (const bad of ['24', '-1', '7.5', 'eight', '', '8am']) {
      expect(() => readConfig({ REMINDER_HOUR: bad }), bad).toThrow(
        /REMINDER_HOUR is an hour from 0 to 23, or off/,
      );
    }
  });

  it('seeds the demo by default on the embedded database and memory://, never on PostgreSQL unless asked', () => {
    expect(readConfig({}).SEED_DEMO).toBe(true);
    expect(readConfig({ DATABASE_URL: 'memory://' }).SEED_DEMO).toBe(true);
    expect(readConfig({ DATABASE_URL: 'postgres://ptt@db/ptt' }).SEED_DEMO).toBe(false);
    expect(readConfig({ DATABASE_URL: 'postgres://ptt@db/ptt', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(readConfig({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });
});
