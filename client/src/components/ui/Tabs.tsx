// Tabs with the ARIA tabs pattern: arrow keys move between tabs, Home/End jump, one tab stop. On a narrow screen the
// list scrolls sideways: its edges fade where more tabs lie beyond, and the selected tab is scrolled into view.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  id: string;
  label: ReactNode;
}

export function Tabs({
  items,
  selected,
  onSelect,
  label,
  children,
}: {
  items: TabItem[];
  selected: string;
  onSelect: (id: string) => void;
  label: string;
  children: ReactNode;
}) {
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const listRef = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ start: false, end: false });
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const update = () => {
      const x = list.scrollLeft;
      const max = list.scrollWidth - list.clientWidth;
      const next = { start: x > 1, end: x < max - 1 };
      setMore((prev) => (prev.start === next.start && prev.end === next.end ? prev : next));
    };
    update();
    list.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(list);
    return () => {
      list.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [items.length]);
  const selectedIndex = items.findIndex((item) => item.id === selected);
  useEffect(() => {
    // Sideways only: scrollIntoView would also move the page.
    const list = listRef.current;
    const tab = refs.current[selectedIndex];
    if (!list || !tab) return;
    const l = list.getBoundingClientRect();
    const r = tab.getBoundingClientRect();
    if (r.left < l.left) list.scrollLeft += r.left - l.left - 32;
    else if (r.right > l.right) list.scrollLeft += r.right - l.right + 32;
  }, [selectedIndex]);
  const onKey = (e: KeyboardEvent, index: number) => {
    const last = items.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : e.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    const item = items[next];
    if (!item) return;
    onSelect(item.id);
    refs.current[next]?.focus();
  };
  return (
    <div className="tabs">
      <div
        ref={listRef}
        role="tablist"
        aria-label={label}
        className="tabs__list"
        data-more-start={more.start || undefined}
        data-more-end={more.end || undefined}
      >
        {items.map((item, i) => (
          <button
            key={item.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${item.id}`}
            aria-controls={`${base}-panel`}
            aria-selected={item.id === selected}
            tabIndex={item.id === selected ? 0 : -1}
            className="tabs__tab"
            onClick={() => onSelect(item.id)}
            onKeyDown={(e) => onKey(e, i)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${selected}`} className="tabs__panel" tabIndex={0}>
        {children}
      </div>
    </div>
  );
}
