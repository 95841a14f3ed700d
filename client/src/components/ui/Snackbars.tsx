import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { dismissSnackbar, useSnackbars } from '@/lib/snackbar';
import { Icon } from './Icon';

/** Renders the snackbar queue; timings come from showSnackbar (SPEC §9: 3000 ms default, 5000 ms driver errors). */
export function Snackbars() {
  const items = useSnackbars();
  const { i18n, t } = useLingui();
  return (
    <div className="snackbars" aria-live="polite" aria-atomic="false">
      {items.map((item) => (
        <div key={item.id} className={`snackbar snackbar--${item.tone}`} role={item.tone === 'error' ? 'alert' : 'status'} data-testid="snackbar">
          <Icon name={item.tone === 'error' ? 'alert' : item.tone === 'info' ? 'info' : 'check'} />
          <p>{typeof item.message === 'string' ? item.message : i18n._(item.message)}</p>
          {item.action ? (
            <Link href={item.action.href} className="snackbar__action" onClick={() => dismissSnackbar(item.id)}>
              {i18n._(item.action.label)}
            </Link>
          ) : null}
          <button type="button" className="snackbar__close" aria-label={t`Dismiss`} onClick={() => dismissSnackbar(item.id)}>
            <Icon name="close" size={16} />
          </button>
        </div>
      ))}
    </div>
  );
}
