// What searches learn from the data as they run (decision 0161): the first ring width that fills "above 40 km"'s
// cap around a point, and the text searches whose walk filled the cap. Both are guesses that cost time when stale,
// never a different answer. Kept per database object, because they describe its data: the server's one database
// lives as long as the process, and each test's database starts with nothing learned and takes it along when it
// goes. Each part is bounded; past its bound the oldest entry goes first.
import type { Database } from '../../db/client';

export const SEARCH_MEMORY_LIMITS = { firstRings: 5000, walks: 5000 } as const;

export class SearchMemory {
  /** First ring width (km) by point and filters; absent: the default width. */
  private readonly firstRings = new Map<string, number>();
  /** Text searches (everything but the page) whose walk filled the cap. */
  private readonly walks = new Set<string>();

  constructor(private readonly limits: { firstRings: number; walks: number } = SEARCH_MEMORY_LIMITS) {}

  firstRingKm(key: string): number | undefined {
    return this.firstRings.get(key);
  }

  /** Learns a width; `null` forgets it (the search goes back to the default). */
  setFirstRingKm(key: string, km: number | null): void {
    if (km === null) {
      this.firstRings.delete(key);
      return;
    }
    if (!this.firstRings.has(key) && this.firstRings.size >= this.limits.firstRings) this.firstRings.delete(this.firstRings.keys().next().value!);
    this.firstRings.set(key, km);
  }

  walked(key: string): boolean {
    return this.walks.has(key);
  }

  rememberWalk(key: string): void {
    if (this.walks.has(key)) return;
    if (this.walks.size >= this.limits.walks) this.walks.delete(this.walks.values().next().value!);
    this.walks.add(key);
  }

  forgetWalk(key: string): void {
    this.walks.delete(key);
  }

  /** Entries held (tests: the bounds hold). */
  get size(): { firstRings: number; walks: number } {
    return { firstRings: this.firstRings.size, walks: this.walks.size };
  }
}

const memories = new WeakMap<Database, SearchMemory>();

/** The search memory of this database (made on its first search). */
export function searchMemoryOf(database: Database): SearchMemory {
  let memory = memories.get(database);
  if (!memory) memories.set(database, (memory = new SearchMemory()));
  return memory;
}
