// Typed in-process domain events. Services emit; listeners (notifications, mail, realtime) react.
// Listener failures are logged, never thrown back into the service that emitted.
import type { Logger } from './logger';

export interface DomainEvents {
  'registration.submitted': { company_id: number; user_id: number; request_id: number };
  'registration.approved': { company_id: number; user_id: number; request_id: number };
  'registration.rejected': { company_id: number; user_id: number; request_id: number; reason: string | null };
  'notification.created': { user_id: number; notification_id: number };
  'counters.changed': { user_ids: number[] };
  'material.created': { material_id: number; company_id: number; kind: 'offering' | 'donation'; material_group_id: number | null; title: string };
}
export type DomainEventName = keyof DomainEvents;

export class EventBus {
  private readonly listeners = new Map<DomainEventName, Set<(p: never) => Promise<void> | void>>();
  constructor(private readonly logger: Logger) {}

  on<K extends DomainEventName>(name: K, fn: (payload: DomainEvents[K]) => Promise<void> | void): () => void {
    const set = this.listeners.get(name) ?? new Set();
    set.add(fn as (p: never) => void);
    this.listeners.set(name, set);
    return () => set.delete(fn as (p: never) => void);
  }

  /** Runs listeners after the caller's current work; awaitable for tests via `settled()`. */
  emit<K extends DomainEventName>(name: K, payload: DomainEvents[K]): void {
    for (const fn of this.listeners.get(name) ?? []) {
      const run = Promise.resolve()
        .then(() => (fn as (p: DomainEvents[K]) => Promise<void> | void)(payload))
        .catch((err: unknown) => this.logger.error({ err, event: name }, 'event listener failed'));
      this.pending.add(run);
      void run.finally(() => this.pending.delete(run));
    }
  }

  private readonly pending = new Set<Promise<void>>();
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}
