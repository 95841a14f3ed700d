// The phone's calling code (e.g. +45): the narrow first input of a phone row, beside the number.
import { Trans } from '@lingui/react/macro';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@/components/ui/Field';

export function CallingCodeField({ error, field }: { error?: string; field: UseFormRegisterReturn }) {
  return <TextField className="phone-row__code" label={<Trans>Calling code</Trans>} placeholder="+45" inputMode="tel" error={error} {...field} />;
}
