// A reference row's name per language (docs/decisions/0240): English required, Danish and Malay optional. The
// category, plan and tag editors use these fields; their lists show `MissingNames` beside each row.
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useWatch, type FieldError, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { missingLanguages, typedName, TRANSLATED_LANGUAGES, type NamesByLanguage, type TranslatedLanguage } from '@shared/lib/reference-names';
import { TextField } from '@/components/ui/Field';
import { fieldErrorText } from '@/lib/errors';
import { inReferenceCatalog } from '@/lib/reference';

type NamesForm = FieldValues & { name: string; name_dk?: string | null; name_my?: string | null };

/** The BCP 47 tag of what is typed in a field, so screen readers pronounce it in its language. */
const FIELD_LANG: Record<TranslatedLanguage, string> = { dk: 'da', my: 'ms' };

function MissingMark({ language }: { language: TranslatedLanguage }) {
  return (
    <span className="badge badge--missing-name" data-testid={`missing-name-${language}`}>
      {language === 'dk' ? <Trans>Danish missing — shows English</Trans> : <Trans>Malay missing — shows English</Trans>}
    </span>
  );
}

/** Marks, beside a row on an administrators' list, each language in which the row's name reads English. */
export function MissingNames({ row }: { row: NamesByLanguage }) {
  const missing = missingLanguages(row, inReferenceCatalog);
  if (!missing.length) return null;
  return (
    <span className="missing-names">
      {missing.map((language) => (
        <MissingMark key={language} language={language} />
      ))}
    </span>
  );
}

/**
 * The name in English (required), Danish and Malay. An empty Danish or Malay field reads English for that language
 * (marked), or the product's own translation when the English name is one the product authored.
 */
export function NameFields<T extends NamesForm, Out extends FieldValues>({
  form,
  autoFocus = true,
}: {
  form: UseFormReturn<T, unknown, Out>;
  autoFocus?: boolean;
}) {
  const { i18n } = useLingui();
  const control = form.control as unknown as UseFormReturn<NamesForm>['control'];
  const values = useWatch({ control }) as Partial<NamesForm>;
  const errors = form.formState.errors as Partial<Record<'name' | 'name_dk' | 'name_my', FieldError>>;
  const row: NamesByLanguage = { name: values.name ?? '', name_dk: values.name_dk, name_my: values.name_my };
  const missing = missingLanguages(row, inReferenceCatalog);
  const field = (name: 'name' | 'name_dk' | 'name_my') => form.register(name as Path<T>);
  const labels: Record<TranslatedLanguage, ReactNode> = { dk: <Trans>Name in Danish</Trans>, my: <Trans>Name in Malay</Trans> };
  return (
    <fieldset className="form-section name-fields" data-testid="name-fields">
      <legend className="form-section__title">
        <Trans>Name</Trans>
      </legend>
      <TextField
        label={<Trans>Name in English</Trans>}
        required
        lang="en"
        data-autofocus={autoFocus || undefined}
        error={fieldErrorText(i18n, errors.name)}
        {...field('name')}
        data-testid="name-en"
      />
      {TRANSLATED_LANGUAGES.map((language) => (
        <TextField
          key={language}
          label={labels[language]}
          lang={FIELD_LANG[language]}
          hint={
            missing.includes(language) ? (
              <MissingMark language={language} />
            ) : typedName(row, language) === null ? (
              <Trans>Empty: the product's own translation is shown.</Trans>
            ) : null
          }
          error={fieldErrorText(i18n, errors[`name_${language}`])}
          {...field(`name_${language}`)}
          data-testid={`name-${language}`}
        />
      ))}
    </fieldset>
  );
}
