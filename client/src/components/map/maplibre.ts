// maplibre's set-up, once per page, as soon as the map chunk arrives (STACK.md: maplibre 6 needs its worker URL
// before the first map). prewarm() starts the worker (fetching and compiling its 150 KB script) while React still
// renders the map and its style is built, instead of after: the first frame comes that much sooner. Only the map
// components import this file, so nothing here runs before a map is shown.
import { prewarm, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

setWorkerUrl(workerUrl);
prewarm();
