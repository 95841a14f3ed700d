export function initials(first?: string | null, last?: string | null, fallback?: string | null) {
  const a = (first ?? '').trim()[0] ?? '';
  const b = (last ?? '').trim()[0] ?? '';
  const s = a + b || (fallback ?? '').trim().slice(0, 2);
  return s.toUpperCase() || '?';
}

/** Profile picture, or initials when there is none. Decorative: the surrounding link carries the name. */
export function Avatar({
  imageUrl,
  first,
  last,
  fallback,
  size = 36,
}: {
  imageUrl?: string | null;
  first?: string | null;
  last?: string | null;
  fallback?: string | null;
  size?: number;
}) {
  return imageUrl ? (
    <img className="avatar" src={imageUrl} alt="" width={size} height={size} />
  ) : (
    <span className="avatar avatar--initials" style={{ width: size, height: size }} aria-hidden="true">
      {initials(first, last, fallback)}
    </span>
  );
}
