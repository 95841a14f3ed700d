// Renders the route table: match → guard → layout + page, plus page title, scroll and focus per route.
import { useLingui } from '@lingui/react/macro';
import { useEffect, useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import { useLocation, useSearch } from 'wouter';
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import { ChunkBoundary } from '@/components/ui/ChunkBoundary';
import { LoadingState } from '@/components/ui/States';
import { DEFAULT_TITLE, matchRoute, type RouteName } from '@/config/paths';
import { useDriverSession } from '@/lib/driverSession';
import { useSession } from '@/lib/session';
import { decide } from './guards';
import { LayoutFor } from './layouts/Layouts';
import { showSnackbar } from '@/lib/snackbar';
import { authState, STAY_MESSAGES } from './location';
import { PAGES } from './pages';

const scrollPositions = new Map<string, number>();

/** SPEC §2: scroll position restored per route name, otherwise top. */
function useScrollRestoration(name: RouteName) {
  useLayoutEffect(() => {
    const saved = scrollPositions.get(name) ?? 0;
    window.scrollTo(0, saved);
    // Content that loads a moment later may make the page tall enough only then.
    const raf = requestAnimationFrame(() => window.scrollTo(0, saved));
    const onScroll = () => scrollPositions.set(name, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(raf);
      window.removeEventListener('scroll', onScroll);
    };
  }, [name]);
}

/** While a page's code downloads: its loading state at the top of the screen, as the page itself would start. */
function PageLoading() {
  // A block body on purpose: Chromium's scrollTo returns a promise, which React would take for a cleanup.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return <LoadingState />;
}

/**
 * Scroll and focus for the page on screen. Rendered beside the page inside its ChunkBoundary, so these run
 * when the page's code has arrived and the page is mounted, not while its loading state shows (a hidden page
 * also drops its scroll listener then, so the shorter loading state cannot overwrite its saved position).
 */
function PageEffects({ name, firstRef }: { name: RouteName; firstRef: RefObject<boolean> }) {
  useScrollRestoration(name);
  // Move focus to the new page's heading after an in-app navigation, so screen readers announce it.
  useEffect(() => {
    if (firstRef.current) {
      firstRef.current = false;
      return;
    }
    const heading = document.getElementById('page-title');
    (heading ?? document.getElementById('main'))?.focus({ preventScroll: true });
  }, [name, firstRef]);
  return null;
}

export function AppRoutes() {
  const { i18n } = useLingui();
  const [location] = useLocation();
  const search = useSearch();
  const session = useSession();
  const driver = useDriverSession();
  const match = useMemo(() => matchRoute(location), [location]);
  const pathWithSearch = location + (search ? `?${search}` : '');
  const decision = decide(match, authState(session, driver), pathWithSearch, search ? `?${search}` : '');
  const lastAllowed = useRef<string | null>(null);

  useEffect(() => {
    if (decision.kind === 'redirect') browserNavigate(decision.to, { replace: true });
    else if (decision.kind === 'stay') {
      // A typed or bookmarked URL the user may not open: back where they were, and told why.
      showSnackbar(STAY_MESSAGES[decision.reason], { tone: 'info' });
      browserNavigate(lastAllowed.current ?? decision.fallback, { replace: true });
    } else if (decision.kind === 'render') lastAllowed.current = pathWithSearch;
  });

  useEffect(() => {
    const title = match && decision.kind === 'render' ? i18n._(match.route.title) : null;
    const site = i18n._(DEFAULT_TITLE);
    document.title = title ? `${title} · ${site}` : site;
  }, [match, decision.kind, i18n, i18n.locale]);

  const firstPageRef = useRef(true);

  if (decision.kind !== 'render' || !match) {
    return <LoadingState />;
  }
  const Page = PAGES[match.route.name];
  return (
    <LayoutFor layout={match.route.layout}>
      <ChunkBoundary resetKey={match.route.name} fallback={<PageLoading />}>
        <Page params={match.params} />
        <PageEffects name={match.route.name} firstRef={firstPageRef} />
      </ChunkBoundary>
    </LayoutFor>
  );
}
