import { z } from './_zod';
import { SIGNUP_COUNTRIES } from '../constants/enums';

/** The registration form's address dropdown: free text, optionally within one signup country. */
export const geocodeInput = z.object({
  q: z.string().trim().min(2, 'Type at least 2 characters').max(200),
  country: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.enum(SIGNUP_COUNTRIES).optional(),
  ),
});

export const reverseGeocodeInput = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
});
