// The end and rate forms on the shared schemas. Only the dialogs' own chunks import this module, so the
// synergies page loads zod when a dialog opens, not with the list.
import { m } from '@shared/messages';
import { endExchangeInput, rateExchangeInput } from '@shared/schemas/exchanges';
import { z } from '@shared/schemas/_zod';

/** An empty box means "not given" (the shared money rule reads '' as a missing number). */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** End dialog: successful yes/no (a choice must be made), earnings and savings as typed (optional). */
export const endFormSchema = z.object({
  successful: z.enum(['yes', 'no'], { error: m('field.required') }),
  earnings: z.preprocess(blankToUndefined, endExchangeInput.shape.earnings),
  savings: z.preprocess(blankToUndefined, endExchangeInput.shape.savings),
});
export type EndFormIn = z.input<typeof endFormSchema>;

export function endPayload(id: number, values: z.output<typeof endFormSchema>) {
  return {
    id,
    level_of_completion: 'COMPLETED' as const,
    successful: values.successful === 'yes',
    earnings: values.earnings,
    savings: values.savings,
  };
}

/** Rate dialog: 1 to 5 stars and an optional review (250 characters). */
export const rateFormSchema = rateExchangeInput.omit({ id: true });
