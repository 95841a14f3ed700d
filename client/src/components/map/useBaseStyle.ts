// Which base map a map draws (ARCHITECTURE §5): MAP_STYLE_URL when configured, else Protomaps street-level tiles
// when MAP_PMTILES_PATH is set, else the offline Natural Earth style. Part of the map chunk: maplibre, pmtiles and
// the Protomaps style load only with a map.
import { addProtocol, type StyleSpecification } from 'maplibre-gl';
import { useEffect, useState } from 'react';
import { useConfig } from '@/hooks/useConfig';
import { useLanguage } from '@/lib/i18n';
import { BLANK_STYLE, loadBaseMap, offlineStyle, protomapsLang } from './style';

export type BaseMapKind = 'loading' | 'offline' | 'pmtiles' | 'url' | 'blank';

let pmtilesProtocol = false;

async function pmtilesStyle(url: string, lang: string): Promise<StyleSpecification> {
  const [{ Protocol }, basemaps] = await Promise.all([import('pmtiles'), import('@protomaps/basemaps')]);
  if (!pmtilesProtocol) {
    addProtocol('pmtiles', new Protocol().tile);
    pmtilesProtocol = true;
  }
  return {
    version: 8,
    sources: {
      protomaps: {
        type: 'vector',
        url: `pmtiles://${new URL(url, window.location.href).href}`,
        attribution: '© OpenStreetMap contributors, Protomaps',
      },
    },
    layers: basemaps.layers('protomaps', basemaps.namedFlavor('light'), { lang: protomapsLang(lang) }),
  };
}

/** The style for a map, and what kind it is (set as data-basemap on the map, for tests and support). */
export function useBaseStyle(styleUrl?: string | null): { style: StyleSpecification | string; kind: BaseMapKind } {
  const config = useConfig();
  const lang = useLanguage();
  const pmtiles = config.data?.map_pmtiles_url ?? null;
  const decided = Boolean(styleUrl) || !config.isLoading;
  const [state, setState] = useState<{ style: StyleSpecification | string; kind: BaseMapKind }>({ style: BLANK_STYLE, kind: 'loading' });

  useEffect(() => {
    if (!decided || styleUrl) return;
    let alive = true;
    const load = pmtiles
      ? pmtilesStyle(pmtiles, lang).then((style) => ({ style, kind: 'pmtiles' as const }))
      : loadBaseMap().then((data) => ({ style: offlineStyle(data), kind: 'offline' as const }));
    load
      .then((next) => {
        if (alive) setState(next);
      })
      .catch(() => {
        if (alive) setState({ style: BLANK_STYLE, kind: 'blank' });
      });
    return () => {
      alive = false;
    };
  }, [decided, styleUrl, pmtiles, lang]);

  return styleUrl ? { style: styleUrl, kind: 'url' } : state;
}
