// Snackbar queue usable from anywhere (the tRPC link, stores, components). Messages are descriptors so they
// render in the language active when shown. SPEC §9: default 3000 ms, default colour success.
import type { MessageDescriptor } from '@lingui/core';
import { LIMITS } from '@shared/constants/limits';
import { createStore, useStore } from './store';

export type SnackbarTone = 'success' | 'error' | 'info';
/** A link the snackbar offers (e.g. "Open chat" after accepting an offer). */
export interface SnackbarAction {
  label: MessageDescriptor;
  href: string;
}
export interface SnackbarItem {
  id: number;
  message: MessageDescriptor | string;
  tone: SnackbarTone;
  duration: number;
  action?: SnackbarAction;
}

/** A snackbar with a link stays longer: there is something to reach for (WCAG 2.2.1). */
export const SNACKBAR_ACTION_MS = 8000;

export const snackbarStore = createStore<SnackbarItem[]>([]);
let nextId = 1;

export function showSnackbar(message: MessageDescriptor | string, opts: { tone?: SnackbarTone; duration?: number; action?: SnackbarAction } = {}) {
  const item: SnackbarItem = {
    id: nextId++,
    message,
    tone: opts.tone ?? 'success',
    duration: opts.duration ?? (opts.action ? SNACKBAR_ACTION_MS : LIMITS.snackbarMs),
    ...(opts.action ? { action: opts.action } : {}),
  };
  // Keep at most three; an identical message replaces the older copy.
  snackbarStore.set((items) => [...items.filter((i) => !sameMessage(i.message, message)).slice(-2), item]);
  setTimeout(() => dismissSnackbar(item.id), item.duration);
  return item.id;
}

export function dismissSnackbar(id: number) {
  snackbarStore.set((items) => (items.some((i) => i.id === id) ? items.filter((i) => i.id !== id) : items));
}

function sameMessage(a: MessageDescriptor | string, b: MessageDescriptor | string) {
  const key = (m: MessageDescriptor | string) => (typeof m === 'string' ? m : `${m.id}:${JSON.stringify(m.values ?? {})}`);
  return key(a) === key(b);
}

export const useSnackbars = () => useStore(snackbarStore);
