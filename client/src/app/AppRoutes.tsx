// Renders the route table: match → guard → layout + page, plus page title, scroll and focus per route.
import { useLingui } from '@lingui/react/macro';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import { LoadingState } from '@/components/ui/States';
import { DEFAULT_TITLE, matchRoute, type RouteName } from '@/config/paths';
import { useDriverSession } from '@/lib/driverSession';
import { useSession } from '@/lib/session';
import { decide } from './guards';
import { LayoutFor } from './layouts/Layouts';
import { authState } from './location';
import { PAGES } from './pages';

const scrollPositions = new Map<string, number>();

/** SPEC §2: scroll position restored per route name, otherwise top. */
function useScrollRestoration(name: RouteName | null) {
  useLayoutEffect(() => {
    if (!name) return;
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
  const renderName = decision.kind === 'render' && match ? match.route.name : null;

  useEffect(() => {
    if (decision.kind === 'redirect') browserNavigate(decision.to, { replace: true });
    else if (decision.kind === 'stay') browserNavigate(lastAllowed.current ?? decision.fallback, { replace: true });
    else if (decision.kind === 'render') lastAllowed.current = pathWithSearch;
  });

  useEffect(() => {
    const title = match && decision.kind === 'render' ? i18n._(match.route.title) : null;
    const site = i18n._(DEFAULT_TITLE);
    document.title = title ? `${title} · ${site}` : site;
  }, [match, decision.kind, i18n, i18n.locale]);

  useScrollRestoration(renderName);

  // Move focus to the new page's heading after an in-app navigation, so screen readers announce it.
  const first = useRef(true);
  useEffect(() => {
    if (!renderName) return;
    if (first.current) {
      first.current = false;
      return;
    }
    const heading = document.getElementById('page-title');
    (heading ?? document.getElementById('main'))?.focus({ preventScroll: true });
  }, [renderName]);

  if (decision.kind !== 'render' || !match) {
    return <LoadingState />;
  }
  const Page = PAGES[match.route.name];
  return (
    <LayoutFor layout={match.route.layout}>
      <Page params={match.params} />
    </LayoutFor>
  );
}
