import { useEffect, useState, type MouseEvent, type ReactNode } from "react";
import { useHydrated } from "~/components/useHydrated";
import type { ImageView } from "./types";

interface GalleryProps {
  images: ImageView[];
  productName: string;
  /**
   * A first slide shown before the photos (the builder preview), with its thumbnail label. Only
   * given once the page's scripts run.
   */
  lead?: { label: string; content: ReactNode } | null;
  /** A lead is coming once the page is hydrated: its thumbnail's place is kept from the start. */
  leadExpected?: boolean;
  /** When this changes the lead slide comes back into view (the shopper changed the design). */
  leadVersion?: string;
}

/**
 * The product's pictures (spec §2, §9): the primary first; thumbnails in 4 columns from 4
 * pictures, otherwise a row. Without scripts a thumbnail links to its full picture; with them it
 * shows that picture here, and Previous / Next go round the pictures (looping).
 */
export function Gallery({
  images,
  productName,
  lead = null,
  leadExpected = false,
  leadVersion,
}: GalleryProps) {
  const hydrated = useHydrated();
  const slides = lead ? images.length + 1 : images.length;
  const [index, setIndex] = useState(0);
  const current = Math.min(index, Math.max(0, slides - 1));

  useEffect(() => {
    if (lead) setIndex(0);
    // Only a change of design brings the preview back, not every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [leadVersion]);

  if (slides === 0) {
    return (
      <div className="gallery gallery--empty" aria-hidden="true">
        <span className="gallery__placeholder">{productName.slice(0, 1)}</span>
      </div>
    );
  }

  const go = (step: number) => setIndex((current + step + slides) % slides);
  const show = (event: MouseEvent<HTMLAnchorElement>, at: number) => {
    event.preventDefault();
    setIndex(at);
  };
  const offset = lead ? 1 : 0;
  const thumbnailCount = images.length + (lead || leadExpected ? 1 : 0);
  const layout = thumbnailCount >= 4 ? "grid" : "row";

  return (
    <section className="gallery" aria-label={`Pictures of ${productName}`}>
      <div className="gallery__viewport">
        {/* Set only in the browser (through the DOM, which the CSP allows): the server's first
            slide needs no offset, and a style attribute in the HTML would be refused. */}
        <ul
          className="gallery__track"
          style={
            hydrated ? { transform: `translateX(calc(${-current} * (100% + 100px)))` } : undefined
          }
        >
          {lead ? (
            <li className="gallery__slide" aria-hidden={current !== 0 ? true : undefined}>
              {lead.content}
            </li>
          ) : null}
          {images.map((image, i) => {
            const at = i + offset;
            return (
              <li
                key={image.id}
                className="gallery__slide"
                aria-hidden={hydrated && current !== at ? true : undefined}
              >
                <img
                  src={image.url}
                  alt={image.alt}
                  width={640}
                  height={640}
                  loading={at === 0 ? "eager" : "lazy"}
                  decoding="async"
                />
              </li>
            );
          })}
        </ul>
        {hydrated && slides > 1 ? (
          <div className="gallery__nav">
            <button
              type="button"
              className="gallery__arrow gallery__arrow--previous"
              onClick={() => go(-1)}
            >
              <span aria-hidden="true">‹</span>
              <span className="visually-hidden">Previous picture</span>
            </button>
            <button
              type="button"
              className="gallery__arrow gallery__arrow--next"
              onClick={() => go(1)}
            >
              <span aria-hidden="true">›</span>
              <span className="visually-hidden">Next picture</span>
            </button>
          </div>
        ) : null}
      </div>
      {thumbnailCount > 1 ? (
        <ul className={`gallery__thumbs gallery__thumbs--${layout}`}>
          {images.map((image, i) => {
            const at = i + offset;
            return (
              <li key={image.id}>
                <a
                  href={image.url}
                  className="gallery__thumb"
                  aria-current={hydrated && current === at ? "true" : undefined}
                  onClick={hydrated ? (event) => show(event, at) : undefined}
                >
                  <img
                    src={image.url}
                    alt=""
                    width={120}
                    height={120}
                    loading="lazy"
                    decoding="async"
                  />
                  <span className="visually-hidden">
                    Picture {i + 1} of {images.length}: {image.alt}
                  </span>
                </a>
              </li>
            );
          })}
          {/* Last, and its place kept until it comes: the preview's arrival moves no picture. */}
          {lead ? (
            <li>
              <button
                type="button"
                className="gallery__thumb gallery__thumb--lead"
                aria-current={current === 0 ? "true" : undefined}
                onClick={() => setIndex(0)}
              >
                {lead.label}
              </button>
            </li>
          ) : leadExpected ? (
            <li aria-hidden="true" />
          ) : null}
        </ul>
      ) : null}
    </section>
  );
}
