import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { activateLanguage, loadCatalogPart, storedLanguage } from '@/lib/i18n';
import './styles/index.css';

// Scroll is restored per route by the router (SPEC §2), not by the browser.
if ('scrollRestoration' in history) history.scrollRestoration = 'manual';

void activateLanguage(storedLanguage() ?? 'en').then(() => {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing in index.html');
  // The first render as a transition: React renders it in short slices instead of one long task, so a tap during
  // the first load is not kept waiting (Total Blocking Time).
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  // The server's message codes (client/catalog-parts.ts) follow the first render; English until they arrive.
  void loadCatalogPart('server').catch(() => undefined);
});
