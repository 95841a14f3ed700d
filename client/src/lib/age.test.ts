import { i18n } from '@lingui/core';
import { afterAll, describe, expect, it } from 'vitest';
import { messages as dk } from '@/locales/dk/messages';
import { messages as en } from '@/locales/en/messages';
import { ageOf, daysAgoLabel } from './age';

const now = Date.UTC(2026, 5, 15, 12);
const daysBefore = (d: number) => now - d * 86_400_000;

describe('days-ago label (SPEC §9)', () => {
  afterAll(() => i18n.loadAndActivate({ locale: 'en', locales: ['en-GB'], messages: en }));

  it('counts whole days: Today, days up to 30, months up to 365, then years', () => {
    expect(ageOf(now - 3_600_000, now)).toEqual({ unit: 'today' });
    expect(ageOf(daysBefore(30), now)).toEqual({ unit: 'days', n: 30 });
    expect(ageOf(daysBefore(31), now)).toEqual({ unit: 'months', n: 1 });
    expect(ageOf(daysBefore(366), now)).toEqual({ unit: 'years', n: 1 });
  });

  it('reads in the active language with its plural rules', () => {
    i18n.loadAndActivate({ locale: 'en', locales: ['en-GB'], messages: en });
    expect(daysAgoLabel(i18n, now, now)).toBe('Today');
    expect(daysAgoLabel(i18n, daysBefore(1), now)).toBe('1 day ago');
    expect(daysAgoLabel(i18n, daysBefore(3), now)).toBe('3 days ago');
    expect(daysAgoLabel(i18n, daysBefore(65), now)).toBe('2 months ago');
    expect(daysAgoLabel(i18n, daysBefore(400), now)).toBe('1 year ago');
    i18n.loadAndActivate({ locale: 'dk', locales: ['da-DK'], messages: dk });
    expect(daysAgoLabel(i18n, now, now)).toBe('I dag');
    expect(daysAgoLabel(i18n, daysBefore(3), now)).toBe('3 dage siden');
  });
});
