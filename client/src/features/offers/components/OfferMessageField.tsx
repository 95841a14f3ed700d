// The message that goes with an offer or a counter-offer, with its counter against the schema's limit.
import { useLingui } from '@lingui/react/macro';
import type { FieldProps } from '@/hooks/useFieldProps';
import { Counter } from '@/components/ui/Counter';
import { TextArea } from '@/components/ui/Field';
import { LIMITS } from '@shared/constants/limits';

export function OfferMessageField({ length, rows, field }: { length: number; rows: number; field: FieldProps }) {
  const { t } = useLingui();
  return <TextArea label={t`Message`} required rows={rows} hint={<Counter length={length} max={LIMITS.messageMax} />} {...field} />;
}
