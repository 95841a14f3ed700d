// Files in the browser: reading a picked file as a data-URL (uploads travel as `{ name, body }`), and
// private files (`/files/<key>` of a private folder, docs/decisions/0009), which answer only with the bearer
// token, so they are fetched with it and shown or saved through object URLs.
import { useEffect, useState } from 'react';
import { getToken, onSessionEnd } from './session';

export const readAsDataUrl = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

/** Object URLs of fetched private files, one per file URL for the session (file keys never change content). */
const cache = new Map<string, Promise<string>>();

onSessionEnd(() => {
  for (const p of cache.values())
    void p.then(
      (u) => URL.revokeObjectURL(u),
      () => undefined,
    );
  cache.clear();
});

async function fetchPrivate(url: string, withToken?: string): Promise<string> {
  const token = withToken ?? getToken();
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`file ${res.status}`);
  return URL.createObjectURL(await res.blob());
}

/** An object URL for a private file, fetched once with the session's token (or the given one: the driver's). */
export function privateObjectUrl(url: string, token?: string): Promise<string> {
  let p = cache.get(url);
  if (!p) {
    p = fetchPrivate(url, token);
    cache.set(url, p);
    // A failure is not remembered: the next attempt fetches again.
    p.catch(() => cache.delete(url));
  }
  return p;
}

/** Fetches a private file and saves it under its name. */
export async function downloadPrivateFile(url: string, name: string, token?: string): Promise<void> {
  clickDownloadLink(await privateObjectUrl(url, token), name);
}

/** Starts the browser's download of `href` under `name`, through a link clicked once and removed. */
function clickDownloadLink(href: string, name: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export type PrivateFileState = { status: 'loading' } | { status: 'ready'; src: string } | { status: 'error' };

/** A private file as an object URL for <img src>: loading, ready or error. */
export function usePrivateFile(url: string | null): PrivateFileState {
  const [state, setState] = useState<{ url: string | null; value: PrivateFileState }>({ url, value: { status: 'loading' } });
  useEffect(() => {
    if (!url) return;
    let live = true;
    privateObjectUrl(url).then(
      (src) => live && setState({ url, value: { status: 'ready', src } }),
      () => live && setState({ url, value: { status: 'error' } }),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return state.url === url ? state.value : { status: 'loading' };
}

/**
 * Fetches a file the API answers only with the bearer token (a certificate, an export) and saves it under `name`.
 * Not cached: an export of the same period changes as synergies end.
 */
export async function downloadAuthorized(url: string, name: string): Promise<void> {
  const token = getToken();
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`download ${res.status}`);
  saveBlob(await res.blob(), name);
}

/** Saves a file made in the browser (a CSV of figures on screen) under `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const objectUrl = URL.createObjectURL(blob);
  try {
    clickDownloadLink(objectUrl, name);
  } finally {
    // The click has started the download; the URL can go once the event loop has moved on.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  }
}
