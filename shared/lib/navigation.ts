// The driver's "Navigate" link (docs/decisions/0202): hands the leg's destination to the phone's navigation app.
// Android opens any navigation app through a geo: URI; iOS opens Apple Maps through its https link; elsewhere
// (a desktop, an unknown phone) Google Maps' directions URL, which starts from where the reader is when no
// origin is given. Pure, so the platform rules are unit-tested.
import type { LatLng } from './geo';

export type NavigationPlatform = 'android' | 'ios' | 'other';

/**
 * The platform from the user agent; iPadOS reports a Mac user agent, told apart by its touch points.
 */
export function navigationPlatform(userAgent: string, maxTouchPoints = 0): NavigationPlatform {
  if (/Android/i.test(userAgent)) return 'android';
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return 'other';
}

const coord = (n: number) => String(Math.round(n * 1e6) / 1e6);

/** The link that opens directions to `to` (labelled for the map app where the platform shows one). */
export function navigationUrl(platform: NavigationPlatform, to: LatLng, label = ''): string {
  const at = `${coord(to.lat)},${coord(to.lng)}`;
  if (platform === 'android') return `geo:${at}?q=${at}${label ? `(${encodeURIComponent(label)})` : ''}`;
  if (platform === 'ios') return `https://maps.apple.com/?daddr=${at}&dirflg=d${label ? `&q=${encodeURIComponent(label)}` : ''}`;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(at)}&travelmode=driving`;
}
