// Up to three photos: a large view and thumbnail buttons; arrow keys step through them.
import { useLingui } from '@lingui/react/macro';
import { useState, type KeyboardEvent } from 'react';
import type { ListingCategory } from '@shared/constants/enums';
import { ListingPhoto } from './ListingCard';

export function Gallery({ images, title, category }: { images: { url: string; name: string }[]; title: string; category: ListingCategory }) {
  const { t } = useLingui();
  const [index, setIndex] = useState(0);
  if (images.length === 0) return <ListingPhoto item={{ image_url: null, category }} className="gallery__main" />;
  const current = images[Math.min(index, images.length - 1)]!;
  const n = index + 1;
  const count = images.length;
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    setIndex((i) => (e.key === 'ArrowRight' ? (i + 1) % count : (i - 1 + count) % count));
  };
  return (
    <div className="gallery" role="group" aria-roledescription={t`gallery`} aria-label={t`Photos of ${title}`} onKeyDown={onKey}>
      <img className="gallery__main" src={current.url} alt={t`${title}, photo ${n} of ${count}`} width={800} height={600} />
      {count > 1 ? (
        <div className="gallery__thumbs">
          {images.map((im, i) => {
            const k = i + 1;
            return (
              <button
                key={im.url}
                type="button"
                className="gallery__thumb"
                aria-pressed={i === index}
                aria-label={t`Show photo ${k} of ${count}`}
                onClick={() => setIndex(i)}
              >
                <img src={im.url} alt="" width={160} height={120} />
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
