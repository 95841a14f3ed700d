// What the later parts of the demo seed look up by key once companies, people and listings exist.
import type { DemoCompanies, DemoPeople } from './companies';
import type { DemoListings } from './listings';

export type DemoContext = DemoCompanies &
  DemoPeople &
  DemoListings & {
    now: Date;
    /** The moment `days` before the seeding moment. */
    ago: (days: number) => Date;
  };
