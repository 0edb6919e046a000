import { describe, expect, it } from 'vitest';
import {
  derivedFigures,
  EMPTY_NODE,
  goalOf,
  goalText,
  rssBesideOctodns,
  verdict,
} from '../../bench/cli-goals.js';
import type { Row } from '../../bench/cli-process.js';

const row = (name: string, cpu: number, rssMb: number, requests?: string): Row => ({
  name,
  cpu,
  wall: cpu,
  rssMb,
  ...(requests === undefined ? {} : { requests }),
});

describe('the CLI bench goals', () => {
  it('finds a scenario goal by its name, and none for a scenario without one', () => {
    expect(goalOf('Dyn no-op plan, 1,000 records')?.cpu).toBe(0.6);
    expect(goalOf('Dyn update 100 of 10,000 records')).toBeUndefined();
    // octoDNS was not measured at 10,000 records: its estimate says so.
    expect(goalText(goalOf('Dyn no-op plan, 10,000 records'))).toBe(
      'below octoDNS ≈ 5 s / ≈ 85 MB (estimated)',
    );
    expect(goalText(goalOf('PowerDNS no-op plan, 1,000 records'))).toBe(
      '≤ 0.6 s CPU, ≤ 70 MB, below octoDNS 0.83 s / 38 MB',
    );
    expect(goalText(undefined)).toBe('');
  });

  it('names every figure that misses, the stricter of the budget and octoDNS', () => {
    const goal = goalOf('Dyn no-op plan, 1,000 records');
    expect(verdict(row('Dyn no-op plan, 1,000 records', 0.6, 36), goal)).toBe('yes');
    expect(verdict(row('Dyn no-op plan, 1,000 records', 0.61, 37), goal)).toBe('no (CPU 0.61 s)');
    // 60 MB is within the 70 MB budget but above octoDNS's 37 MB.
    expect(verdict(row('Dyn no-op plan, 1,000 records', 0.9, 60), goal)).toBe('no (CPU 0.90 s, RSS 60 MB)');
    expect(verdict(row('Dyn no-op plan, 10,000 records', 9, 900), undefined)).toBe('');
    expect(
      verdict(row('Dyn no-op plan, 10,000 records', 1, 88), goalOf('Dyn no-op plan, 10,000 records')),
    ).toBe('no (RSS 88 MB)');
  });

  it('holds requests to the highest count of the runs, and a row without a count fails', () => {
    const goal = goalOf('Dyn new zone of 1,000 records');
    expect(verdict(row('Dyn new zone of 1,000 records', 1, 50, '7'), goal)).toBe('yes');
    expect(verdict(row('Dyn new zone of 1,000 records', 1, 50, '7 / 8'), goal)).toBe('no (8 requests)');
    expect(verdict(row('Dyn new zone of 1,000 records', 1, 50), goal)).toBe('no (no requests)');
  });

  it('derives per record and per request figures from pairs of rows', () => {
    const figures = derivedFigures([
      row('`validate` of a small file', 0.2, 50),
      row('`validate` of 100,000 records', 5.2, 400),
      row('Dyn no-op plan, 1,000 records', 0.5, 60),
      row('Dyn no-op plan, 100,000 records', 10, 450),
      row('Dyn client, 1,000 GETs (CPU in the client)', 0.9, 70, '1000'),
      row("Node's `http` alone, the same GETs (the floor)", 0.4, 50, '1000'),
      row('Dyn 100 new zones', 0.5, 60, '300 / 301'),
    ]);
    expect(figures.map(({ what, value, goal }) => [what.split(' (')[0], value, goal])).toEqual([
      ['CPU per record loaded', 0.05, 0.05],
      ['peak RSS per record', ((450 - 60) * 1024) / 99_000, 4],
      // The goal is held to the client's own CPU per request, measured directly.
      ['CPU per request', 0.9, 1],
      ["CPU per request of Node's `http` alone", 0.4, undefined],
      ['CPU per request of a whole apply', (0.3 * 1000) / 301, undefined],
    ]);
    expect(derivedFigures([row('`--version`', 0.1, 40)])).toEqual([]);
  });

  it('holds a no-op plan of 1,000 records to 12 MB above an empty Node process', () => {
    const figures = derivedFigures([
      row(EMPTY_NODE, 0.05, 40),
      row('PowerDNS no-op plan, 1,000 records', 0.5, 53),
    ]);
    expect(figures.map(({ what, value, goal }) => [what, value, goal])).toEqual([
      ['peak RSS above an empty Node process (PowerDNS no-op plan, 1,000 records)', 13, 12],
    ]);
  });

  it('prints peak RSS at each size beside octoDNS and an empty Node process, its estimate marked', () => {
    const rows = [
      row(EMPTY_NODE, 0.05, 40.2),
      row('Dyn no-op plan, 1,000 records', 0.5, 63.6),
      row('Dyn no-op plan, 10,000 records', 0.7, 88.4),
      row('PowerDNS no-op plan, 10,000 records', 0.8, 90),
      row('Dyn no-op plan, 100,000 records', 2.4, 262),
    ];
    expect(rssBesideOctodns(rows).slice(2)).toEqual([
      '| 1,000 | 64 |  | 37 | 40 |',
      '| 10,000 | 88 | 90 | ≈ 85 | 40 |',
      '| 100,000 | 262 |  | 562 | 40 |',
    ]);
    expect(rssBesideOctodns([row(EMPTY_NODE, 0.05, 40)])).toEqual([]);
  });
});
