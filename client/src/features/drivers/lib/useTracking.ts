// The phone's position while a trip is under way (SPEC §4, §9): one geolocation watch with high accuracy, no
// cached positions and a 10 s timeout; location errors are silently ignored. Every fix goes to the server (the
// administrators see the truck move); during delivery each fix adds its step to the distance when it is 0.001
// to 1 km (addFix), and a 1 s timer shows the time since Begin Delivery. The distance survives a reload.
import { useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS } from '@shared/constants/limits';
import { addFix, EMPTY_TRACK, type DistanceTrack, type LatLng } from '@shared/lib/geo';

const storageKey = (tripId: number) => `synergy.delivery.${tripId}`;

function readTrack(tripId: number): DistanceTrack {
  try {
    const raw = localStorage.getItem(storageKey(tripId));
    if (!raw) return EMPTY_TRACK;
    const t = JSON.parse(raw) as DistanceTrack;
    return typeof t.km === 'number' && Number.isFinite(t.km) ? t : EMPTY_TRACK;
  } catch {
    return EMPTY_TRACK;
  }
}

export function clearTrack(tripId: number) {
  localStorage.removeItem(storageKey(tripId));
}

export interface Tracking {
  position: LatLng | null;
  km: number;
  elapsedMs: number;
  /** Zero the distance of a trip's delivery (Begin Delivery), counting on from the phone's current position. */
  reset: (tripId: number) => void;
  /** Stop and resume the timer (it stands still while Complete Delivery is being sent). */
  setPaused: (paused: boolean) => void;
}

/**
 * @param active     watch the position at all (a trip under way or the map open)
 * @param deliveryOf the trip whose delivery is in progress and since when, or null
 * @param report     sends a fix to the server; failures are ignored like location errors
 */
export function useTracking(opts: {
  active: boolean;
  delivery: { tripId: number; startedAt: string | Date } | null;
  report: (at: LatLng) => Promise<unknown>;
}): Tracking {
  const { active, delivery } = opts;
  const [position, setPosition] = useState<LatLng | null>(null);
  const positionRef = useRef<LatLng | null>(null);
  const tripId = delivery?.tripId ?? null;
  // The distance belongs to one delivery: another trip's (or none) brings its own stored figure.
  const [state, setState] = useState<{ tripId: number | null; track: DistanceTrack }>(() => ({
    tripId,
    track: tripId === null ? EMPTY_TRACK : readTrack(tripId),
  }));
  if (state.tripId !== tripId) setState({ tripId, track: tripId === null ? EMPTY_TRACK : readTrack(tripId) });
  const track = state.track;
  const setTrack = useCallback((update: (t: DistanceTrack) => DistanceTrack) => setState((s) => ({ ...s, track: update(s.track) })), []);
  const [now, setNow] = useState(() => Date.now());
  const [paused, setPaused] = useState(false);
  const report = useRef(opts.report);
  useEffect(() => {
    report.current = opts.report;
  });
  const deliveryRef = useRef(delivery);
  const sending = useRef<LatLng | null | 'idle'>('idle');

  useEffect(() => {
    deliveryRef.current = delivery;
  });

  const send = useCallback((at: LatLng) => {
    // One request at a time; the newest fix waiting goes next.
    if (sending.current !== 'idle') {
      sending.current = at;
      return;
    }
    sending.current = null;
    const loop = (fix: LatLng) => {
      void report
        .current(fix)
        .catch(() => undefined)
        .finally(() => {
          const next = sending.current;
          if (next && next !== 'idle') {
            sending.current = null;
            loop(next);
          } else sending.current = 'idle';
        });
    };
    loop(at);
  }, []);

  useEffect(() => {
    if (!active || !('geolocation' in navigator)) return;
    const id = navigator.geolocation.watchPosition(
      (p) => {
        const fix = { lat: p.coords.latitude, lng: p.coords.longitude };
        positionRef.current = fix;
        setPosition(fix);
        const d = deliveryRef.current;
        if (d) {
          setTrack((t) => {
            const next = addFix(t, fix);
            localStorage.setItem(storageKey(d.tripId), JSON.stringify(next));
            return next;
          });
        }
        send(fix);
      },
      // SPEC §8: location errors are silently ignored.
      () => undefined,
      { enableHighAccuracy: true, maximumAge: 0, timeout: LIMITS.geolocationTimeoutMs },
    );
    return () => navigator.geolocation.clearWatch(id);
  }, [active, send, setTrack]);

  // The elapsed timer ticks every second during delivery.
  useEffect(() => {
    if (tripId === null || paused) return;
    const tick = () => setNow(Date.now());
    tick();
    const timer = setInterval(tick, LIMITS.elapsedTickMs);
    return () => clearInterval(timer);
  }, [tripId, paused]);

  const reset = useCallback((forTrip: number) => {
    // The delivery starts where the phone is: the next fix counts from here. Stored first, so the figure is
    // there when the trip comes back from the server as DELIVERING.
    const start = { km: 0, last: positionRef.current };
    localStorage.setItem(storageKey(forTrip), JSON.stringify(start));
    setState((s) => (s.tripId === forTrip ? { ...s, track: start } : s));
  }, []);

  const startedAt = delivery ? new Date(delivery.startedAt).getTime() : null;
  return {
    position,
    km: track.km,
    elapsedMs: startedAt === null ? 0 : Math.max(0, now - startedAt),
    reset,
    setPaused,
  };
}
