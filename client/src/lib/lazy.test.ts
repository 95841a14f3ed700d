import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, lazyComponent, retryFailedChunks, withTimeout } from './lazy';

const Page = () => null;

describe('chunk loading (SPEC §9 chunk load timeout)', () => {
  afterEach(() => {
    vi.useRealTimers();
    retryFailedChunks();
  });

  it('fails a chunk that has not arrived after the timeout', async () => {
    vi.useFakeTimers();
    const never = new Promise<never>(() => {});
    const result = withTimeout(never, 120_000);
    const seen = result.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(119_999);
    await expect(Promise.race([seen, Promise.resolve('pending')])).resolves.toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await expect(seen).resolves.toBeInstanceOf(ChunkLoadError);
  });

  it('passes a chunk that arrives in time through', async () => {
    await expect(withTimeout(Promise.resolve(Page), 120_000)).resolves.toBe(Page);
  });

  it('downloads a chunk once however often it is asked for', async () => {
    const load = vi.fn(() => Promise.resolve(Page));
    const Lazy = lazyComponent(load);
    await Promise.all([Lazy.preload(), Lazy.preload()]);
    await Lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again for a failed chunk only after a retry', async () => {
    const load = vi
      .fn<() => Promise<typeof Page>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Page);
    const Lazy = lazyComponent(load);
    await Lazy.preload();
    await Lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
    retryFailedChunks();
    await Lazy.preload();
    expect(load).toHaveBeenCalledTimes(2);
    retryFailedChunks();
    await Lazy.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
