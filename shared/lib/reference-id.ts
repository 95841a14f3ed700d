// The catalog id of a reference-data name the product authored ("Food by-products" → "ref.food-by-products"). The
// client's generated catalog (scripts/reference-catalog.ts) and the server's mail rendering derive it the same way,
// so both find one translation for one English name.
export const referenceId = (text: string) =>
  `ref.${text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
