// The two decisions on a synergy: end it (successful or not, earnings and savings) and rate it (once per
// company, after it has ended). SPEC §8: 'Could not end synergy', 'Could not rate synergy',
// 'Synergy rated successfully'.
// The forms' own chunk (SynergyDialogs.tsx loads it when a dialog opens): zod, react-hook-form and the schemas stay out
// of the synergies page's first load.
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Counter } from '@/components/ui/Counter';
import { DialogActions } from '@/components/ui/Dialog';
import { FormError, TextArea, TextField } from '@/components/ui/Field';
import { useFieldProps } from '@/hooks/useFieldProps';
import { useFormSubmit } from '@/hooks/useFormSubmit';
import { fieldErrorText } from '@/lib/errors';
import { showSnackbar } from '@/lib/snackbar';
import { useFormat } from '@/lib/format';
import { useTRPC } from '@/lib/trpc';
import { useSchemaForm } from '@/hooks/useSchemaForm';
import { LIMITS } from '@shared/constants/limits';
import { endFormSchema, endPayload, rateFormSchema } from '../lib/forms';
import type { Synergy } from '../lib/synergy';

function useRefreshSynergies() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: trpc.exchanges.pathKey() });
}

export function EndForm({ synergy, title, onClose }: { synergy: Synergy; title: string; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const refresh = useRefreshSynergies();
  const form = useSchemaForm(endFormSchema, {
    defaultValues: { earnings: '', savings: '' },
  });
  const end = useMutation(trpc.exchanges.end.mutationOptions());
  const field = useFieldProps(form);
  const legendId = useId();
  const fmt = useFormat();
  const agreedTotal =
    synergy.unit_price_minor !== null && synergy.price_currency
      ? fmt.money(synergy.unit_price_minor * synergy.quantity, synergy.price_currency)
      : null;
  const successfulError = fieldErrorText(i18n, form.formState.errors.successful);

  const { onSubmit, formError } = useFormSubmit(
    form,
    async (values) => {
      await end.mutateAsync(endPayload(synergy.id, values));
      showSnackbar(msg`Synergy ended`);
      onClose();
    },
    { failed: msg`Could not end synergy`, snackbar: true, settled: refresh },
  );

  return (
    <form className="form" noValidate onSubmit={onSubmit} data-testid="end-form">
      <p>
        <Trans>End the synergy “{title}”? Once ended it is read-only: the chat keeps its history, and both companies can rate it.</Trans>
      </p>
      <FormError>{formError}</FormError>
      <fieldset className="choice" aria-describedby={successfulError ? `${legendId}-error` : undefined}>
        <legend className="field__label">
          <Trans>Was the synergy successful?</Trans>
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        </legend>
        <div className="choice__options">
          <label className="choice__option">
            <input type="radio" value="yes" {...form.register('successful')} />
            <span>{t`Yes`}</span>
          </label>
          <label className="choice__option">
            <input type="radio" value="no" {...form.register('successful')} />
            <span>{t`No`}</span>
          </label>
        </div>
        {successfulError ? (
          <p className="field__error" id={`${legendId}-error`} role="alert">
            {successfulError}
          </p>
        ) : null}
      </fieldset>
      <div className="form-grid">
        <TextField
          label={t`Earnings`}
          inputMode="decimal"
          autoComplete="off"
          hint={<Trans>Revenue of the providing company. Optional, in your company’s currency</Trans>}
          {...field('earnings')}
        />
        <TextField
          label={t`Savings`}
          inputMode="decimal"
          autoComplete="off"
          hint={<Trans>Money saved by the receiving company. Optional, in your company’s currency</Trans>}
          {...field('savings')}
        />
      </div>
      {agreedTotal ? (
        <p className="muted" data-testid="end-agreed-default">
          <Trans>Left empty, earnings and savings both count the agreed total of {agreedTotal}.</Trans>
        </p>
      ) : null}
      <DialogActions loading={end.isPending} onCancel={onClose} testId="end-confirm">
        <Trans>End synergy</Trans>
      </DialogActions>
    </form>
  );
}

export function RateForm({ synergy, title, other, onClose }: { synergy: Synergy; title: string; other: string; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const refresh = useRefreshSynergies();
  const form = useSchemaForm(rateFormSchema, {
    defaultValues: { review: '' },
  });
  const rate = useMutation(trpc.exchanges.rate.mutationOptions());
  const field = useFieldProps(form);
  const review = (useWatch({ control: form.control, name: 'review' }) as string | undefined) ?? '';
  const chosen = Number(useWatch({ control: form.control, name: 'rating' }) ?? 0);
  const [hover, setHover] = useState(0);
  const ratingError = fieldErrorText(i18n, form.formState.errors.rating);
  const errorId = useId();
  const shown = hover || chosen;

  const { onSubmit, formError } = useFormSubmit(
    form,
    async (values) => {
      await rate.mutateAsync({ id: synergy.id, ...values });
      showSnackbar(msg`Synergy rated successfully`);
      onClose();
    },
    { failed: msg`Could not rate synergy`, snackbar: true, settled: refresh },
  );

  const starLabels = [t`1 star`, t`2 stars`, t`3 stars`, t`4 stars`, t`5 stars`];
  return (
    <form className="form" noValidate onSubmit={onSubmit} data-testid="rate-form">
      <p>
        <Trans>
          How did the synergy “{title}” with {other} go? Your rating counts towards their company reviews and can be given once.
        </Trans>
      </p>
      <FormError>{formError}</FormError>
      <fieldset className="choice" aria-describedby={ratingError ? errorId : undefined}>
        <legend className="field__label">
          <Trans>Rating</Trans>
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        </legend>
        <div className="star-input" onMouseLeave={() => setHover(0)}>
          {starLabels.map((label, i) => {
            const n = i + 1;
            return (
              <label key={n} className={['star-input__star', n <= shown ? 'is-on' : ''].join(' ')} onMouseEnter={() => setHover(n)}>
                <input type="radio" value={String(n)} className="visually-hidden" aria-label={label} {...form.register('rating')} />
                <span aria-hidden="true">★</span>
              </label>
            );
          })}
          <span className="star-input__value" aria-hidden="true">
            {chosen ? `${chosen}/5` : ''}
          </span>
        </div>
        {ratingError ? (
          <p className="field__error" id={errorId} role="alert">
            {ratingError}
          </p>
        ) : null}
      </fieldset>
      <TextArea label={t`Review`} rows={4} hint={<Counter length={review.length} max={LIMITS.aboutMax} />} {...field('review')} />
      <DialogActions loading={rate.isPending} onCancel={onClose} testId="rate-confirm">
        <Trans>Rate synergy</Trans>
      </DialogActions>
    </form>
  );
}
