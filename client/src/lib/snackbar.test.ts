import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@shared/constants/limits';
import { SNACKBAR_ACTION_MS, showSnackbar, snackbarStore } from './snackbar';

afterEach(() => {
  vi.useRealTimers();
  snackbarStore.set(() => []);
});

describe('snackbars', () => {
  it('keeps a plain message for the SPEC default and one with a link longer, carrying the link', () => {
    vi.useFakeTimers();
    showSnackbar('Saved');
    showSnackbar('Offer accepted', { action: { label: { id: 'open', message: 'Open chat' }, href: '/messages?chat=3' } });
    expect(snackbarStore.get().map((i) => [i.message, i.duration, i.action?.href])).toEqual([
      ['Saved', LIMITS.snackbarMs, undefined],
      ['Offer accepted', SNACKBAR_ACTION_MS, '/messages?chat=3'],
    ]);
    vi.advanceTimersByTime(LIMITS.snackbarMs);
    expect(snackbarStore.get().map((i) => i.message)).toEqual(['Offer accepted']);
    vi.advanceTimersByTime(SNACKBAR_ACTION_MS - LIMITS.snackbarMs);
    expect(snackbarStore.get()).toEqual([]);
  });
});
