// Which base map a map draws (ARCHITECTURE §5): MAP_STYLE_URL when configured, else Protomaps street-level tiles
// when MAP_PMTILES_PATH is set, else the app's own offline vector tiles. Part of the map chunk: maplibre, pmtiles
// and the Protomaps style load only with a map.
import { addProtocol, type StyleSpecification } from 'maplibre-gl';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useConfig } from '@/hooks/useConfig';
import { useLanguage } from '@/lib/i18n';
import { offlineStyle, protomapsLang, tilesUrl } from './style';

/** `loading`: the configuration or the street-level style is on its way; `error`: the style cannot be had. */
export type BaseMapKind = 'loading' | 'offline' | 'pmtiles' | 'url' | 'error';

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
        attribution: '<a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener">© OpenStreetMap contributors</a>, Protomaps',
      },
    },
    layers: basemaps.layers('protomaps', basemaps.namedFlavor('light'), { lang: protomapsLang(lang) }),
  };
}

/**
 * The style for a map and what kind it is (set as data-basemap on the map, for tests and support); no style while
 * it is being decided (the map shows its loading state) or when it cannot be had (`error`).
 */
export function useBaseStyle(styleUrl?: string | null): { style: StyleSpecification | string | null; kind: BaseMapKind; retry: () => void } {
  const config = useConfig();
  const lang = useLanguage();
  const pmtiles = config.data?.map_pmtiles_url ?? null;
  const tiles = config.data?.map_tiles_url;
  const offline = useMemo(() => (tiles ? offlineStyle(tilesUrl(tiles)) : null), [tiles]);
  const [street, setStreet] = useState<{ style: StyleSpecification | null; failed: boolean }>({ style: null, failed: false });
  const [attempt, setAttempt] = useState(0);
  const { refetch } = config;
  const retry = useCallback(() => {
    setStreet({ style: null, failed: false });
    setAttempt((a) => a + 1);
    void refetch();
  }, [refetch]);

  useEffect(() => {
    if (styleUrl || !pmtiles) return;
    let alive = true;
    pmtilesStyle(pmtiles, lang).then(
      (style) => alive && setStreet({ style, failed: false }),
      () => alive && setStreet({ style: null, failed: true }),
    );
    return () => {
      alive = false;
    };
  }, [styleUrl, pmtiles, lang, attempt]);

  const pick = (): { style: StyleSpecification | string | null; kind: BaseMapKind } => {
    if (styleUrl) return { style: styleUrl, kind: 'url' };
    if (!config.data) return { style: null, kind: config.isError ? 'error' : 'loading' };
    if (pmtiles) {
      if (street.failed) return { style: null, kind: 'error' };
      return street.style ? { style: street.style, kind: 'pmtiles' } : { style: null, kind: 'loading' };
    }
    return offline ? { style: offline, kind: 'offline' } : { style: null, kind: 'error' };
  };
  return { ...pick(), retry };
}
