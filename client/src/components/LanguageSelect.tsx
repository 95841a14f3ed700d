import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { LANGUAGES, type Language } from '@shared/constants/enums';
import { useChangeLanguage } from '@/hooks/useChangeLanguage';
import { isLanguage, useLanguage } from '@/lib/i18n';
import { Icon } from './ui/Icon';

/** Language names are written in their own language, as users look for them. */
const NATIVE_NAMES: Record<Language, string> = { en: 'English', dk: 'Dansk', my: 'Bahasa Melayu' };
const SHORT: Record<Language, string> = { en: 'EN', dk: 'DA', my: 'MS' };

export function LanguageSelect({ compact = false, tone = 'light' }: { compact?: boolean; tone?: 'light' | 'dark' }) {
  const { t } = useLingui();
  const id = useId();
  const lang = useLanguage();
  const change = useChangeLanguage();
  return (
    <div className={`lang-select lang-select--${tone}`}>
      <label htmlFor={id} className="visually-hidden">
        {t`Language`}
      </label>
      <Icon name="globe" size={18} />
      <select
        id={id}
        value={lang}
        data-testid="language-select"
        onChange={(e) => {
          if (isLanguage(e.target.value)) void change(e.target.value);
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l === 'dk' ? 'da' : l === 'my' ? 'ms' : 'en'}>
            {compact ? SHORT[l] : NATIVE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
