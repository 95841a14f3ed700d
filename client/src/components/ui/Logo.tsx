// The brand mark: three arrows closing a circle (materials going round instead of out).
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false" className="logo-mark">
      <circle cx="16" cy="16" r="15" fill="#0f5d4a" />
      <path d="M16 6a10 10 0 0 1 9.5 6.9l2.2-.7-1.9 5.2-4.8-2.8 2.1-.7A7.6 7.6 0 0 0 16 8.4V6Z" fill="#c7f0d8" />
      <path d="M26 16a10 10 0 0 1-6.1 9.2l.9 2.1-5.3-1.4 2.3-5 .9 2.1A7.6 7.6 0 0 0 23.6 16H26Z" fill="#f2c14e" />
      <path d="M11.2 24.8A10 10 0 0 1 6 16.7l-2.3.2 3-4.6 4 3.8-2.3.2a7.6 7.6 0 0 0 4 6.3l-1.2 2.2Z" fill="#7fd3b4" />
    </svg>
  );
}

export function Logo({ subtitle }: { subtitle?: string }) {
  return (
    <span className="logo">
      <LogoMark />
      <span className="logo__text">
        <span className="logo__name">Synergy</span>
        {/* The space keeps the two words apart in the accessible name (the flex column does not render it). */}
        {subtitle ? (
          <>
            {' '}
            <span className="logo__sub">{subtitle}</span>
          </>
        ) : null}
      </span>
    </span>
  );
}
