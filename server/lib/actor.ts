import type { Role } from '../../shared/constants/enums';
import type { ApiKeyScope } from '../../shared/schemas/integrations';
import type { LatLng } from '../../shared/lib/geo';

/** Who is calling. Services take this, never req/res. */
export type Actor =
  | { kind: 'anonymous'; ip?: string }
  | {
      kind: 'user';
      user_id: number;
      role: Role;
      company_id: number | null;
      ip?: string;
      session?: { sid: string; expires_at: Date };
      /** The company's primary address, read with the token check (undefined where the actor came another way). */
      center?: LatLng | null;
      /** Set when the request came with one of the company's API keys instead of a person's token (REST only). */
      api_key?: { id: number; scopes: readonly ApiKeyScope[] };
    }
  | { kind: 'driver'; driver_id: number; ip?: string };

export type UserActor = Extract<Actor, { kind: 'user' }>;
export type CompanyActor = UserActor & { company_id: number; role: 'MEMBER' | 'MANAGER' };
export type AdminActor = UserActor & { role: 'ADMIN' };
export type DriverActor = Extract<Actor, { kind: 'driver' }>;
