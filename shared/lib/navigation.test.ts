import { describe, expect, it } from 'vitest';
import { navigationPlatform, navigationUrl } from './navigation';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0 Safari/537.36';

describe('navigation link', () => {
  it('tells Android, iOS (iPadOS too) and everything else apart', () => {
    expect(navigationPlatform(ANDROID)).toBe('android');
    expect(navigationPlatform(IPHONE)).toBe('ios');
    expect(navigationPlatform(IPAD_AS_MAC, 5)).toBe('ios');
    expect(navigationPlatform(IPAD_AS_MAC, 0)).toBe('other');
    expect(navigationPlatform(LINUX)).toBe('other');
  });

  const aarhus = { lat: 56.16002, lng: 10.2215 };

  it('opens any navigation app on Android through a geo: URI naming the destination', () => {
    expect(navigationUrl('android', aarhus, 'Østhavnsvej 33, Aarhus')).toBe(
      'geo:56.16002,10.2215?q=56.16002,10.2215(%C3%98sthavnsvej%2033%2C%20Aarhus)',
    );
  });

  it('asks Apple Maps for driving directions on iOS', () => {
    expect(navigationUrl('ios', aarhus)).toBe('https://maps.apple.com/?daddr=56.16002,10.2215&dirflg=d');
  });

  it('gives a Google Maps directions URL elsewhere, from wherever the reader is', () => {
    const url = new URL(navigationUrl('other', { lat: 55.6570004, lng: 12.505 }));
    expect(url.origin + url.pathname).toBe('https://www.google.com/maps/dir/');
    expect(Object.fromEntries(url.searchParams)).toEqual({ api: '1', destination: '55.657,12.505', travelmode: 'driving' });
  });
});
