// Invitations: a manager invites a colleague by e-mail; the invitee opens the link, chooses their own name and
// password, and joins the company (managers no longer set anyone's password).
import { COMPANY_ROLES } from '../constants/enums';
import { LIMITS } from '../constants/limits';
import { m } from '../messages';
import { email, id, idNameOutput, itemsOutput, REQUIRED } from './_primitives';
import { isPublicEmailDomain } from './registration';
import { loginOutput } from './auth';
import { z } from './_zod';

const PUBLIC_EMAIL = m('registration.publicEmail');

const inviteFields = {
  email,
  role: z.enum(COMPANY_ROLES, { error: m('field.invalidChoice') }),
  /** As at registration: a public e-mail provider's address needs this acknowledgement. */
  public_email_acknowledged: z.boolean().default(false),
};
const companyEmailRule = (v: { email: string; public_email_acknowledged: boolean }, ctx: z.RefinementCtx) => {
  if (!v.public_email_acknowledged && isPublicEmailDomain(v.email)) ctx.addIssue({ code: 'custom', path: ['email'], message: PUBLIC_EMAIL });
};
/** The manager panel's invite form. */
export const createInvitationFields = z.object(inviteFields).superRefine(companyEmailRule);
/** `POST api/companies/{id}/invitations {email, role}` (managers). */
export const createInvitationInput = z.object({ company_id: id, ...inviteFields }).superRefine(companyEmailRule);
export type CreateInvitationInput = z.output<typeof createInvitationInput>;

export const listInvitationsInput = z.object({ company_id: id });
export const revokeInvitationInput = z.object({ company_id: id, id });

const token = z.string().trim().min(16).max(200);
export const invitationTokenInput = z.object({ token });

const name = z.string().trim().min(1, REQUIRED).max(100);
/** `POST api/invitations/{token}/accept {first_name, last_name, password}`: answers a session like login's. */
export const acceptInvitationInput = z.object({
  token,
  first_name: name,
  last_name: name,
  password: z
    .string()
    .min(1, { error: REQUIRED })
    .min(LIMITS.passwordMin, m('auth.passwordTooShort', { min: LIMITS.passwordMin }))
    .max(200),
});
export type AcceptInvitationInput = z.output<typeof acceptInvitationInput>;

/** The /invitation/{token} page's form: the payload plus the password typed twice. */
export const acceptInvitationForm = acceptInvitationInput
  .omit({ token: true })
  .extend({ confirm_password: z.string().min(1, REQUIRED) })
  .refine((v) => v.password === v.confirm_password, { message: m('auth.passwordsDoNotMatch'), path: ['confirm_password'] });

export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

// ---- what the procedures behind the REST paths answer (the OpenAPI document describes them; tests check real answers) ----
/** invitations.get */
export const getOutput = z.object({
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  company: idNameOutput,
  expires_at: z.string(),
});
/** invitations.create */
export const createOutput = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  status: z.enum(['pending', 'accepted', 'expired', 'revoked']),
  created_at: z.string(),
  expires_at: z.string(),
  accepted_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  invited_by: idNameOutput.nullable(),
});
/** invitations.revoke */
export const revokeOutput = createOutput;
/** invitations.accept: the invitee is logged in, as by auth.login. */
export const acceptOutput = loginOutput;
/** invitations.list */
export const listOutput = itemsOutput(revokeOutput);
