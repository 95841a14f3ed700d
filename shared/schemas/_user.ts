// A user's columns as the answers show them, in one place for every answer that carries a user: the login
// (schemas/auth), the user lists and profiles (schemas/users), a company's page (schemas/companies) and the signup
// review (schemas/registration). It imports no schema module but the primitives, so that each of those may use it.
import { z } from './_zod';
import { LANGUAGES, ROLES } from '../constants/enums';
import { pickFields } from './_primitives';

const userFields = {
  id: z.number().int(),
  uuid: z.string(),
  username: z.string(),
  email: z.string(),
  business_email: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  official_role: z.string().nullable(),
  role: z.enum(ROLES),
  company_id: z.number().int().nullable(),
  image_url: z.string().nullable(),
  about_info: z.string().nullable(),
  language: z.enum(LANGUAGES),
  preferred_currency: z.string().nullable(),
  email_notifications_new_listings: z.boolean(),
  donations_dashboard_access: z.boolean(),
  disabled: z.boolean(),
  last_login_at: z.string().nullable(),
};
type UserFields = typeof userFields;

/** The named columns of a user, in the order named. */
export function userColumns<K extends keyof UserFields>(...keys: K[]): Pick<UserFields, K> {
  return pickFields(userFields, keys);
}
