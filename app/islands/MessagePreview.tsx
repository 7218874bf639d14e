/**
 * The custom-message preview island (spec §5, §9): the shopper's message written in the chosen
 * colour over the product's picture, at the largest font size from 28 down to 11 px that fits.
 * Typing is followed after 500 ms of quiet, resizing after 250 ms, so the text does not jump
 * with every key. Loaded lazily, only on pages with a custom message, once the page is hydrated.
 */
import { useEffect, useLayoutEffect, useRef, useState } from "react";

export const MAX_FONT_SIZE = 28;
export const MIN_FONT_SIZE = 11;
const TEXT_DEBOUNCE_MS = 500;
const RESIZE_DEBOUNCE_MS = 250;

interface MessagePreviewProps {
  text: string;
  /** A CSS colour (the choice's meta.color). */
  color: string;
  imageUrl: string | null;
  /** What the message is written on, for the caption ('Message on Cake'). */
  label: string;
}

export default function MessagePreview({ text, color, imageUrl, label }: MessagePreviewProps) {
  const [shown, setShown] = useState(text);
  const [width, setWidth] = useState(0);
  const stage = useRef<HTMLDivElement>(null);
  const writing = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => setShown(text), TEXT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  useEffect(() => {
    const element = stage.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => setWidth(element.clientWidth), RESIZE_DEBOUNCE_MS);
    });
    observer.observe(element);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, []);

  // Largest size that fits the writing area, measured in the page itself.
  useLayoutEffect(() => {
    const box = stage.current;
    const line = writing.current;
    if (!box || !line) return;
    // The line is 80% of the picture wide (CSS); it may wrap, but not overflow or grow too tall.
    const maxHeight = box.clientHeight * 0.6;
    let size = MAX_FONT_SIZE;
    for (; size > MIN_FONT_SIZE; size -= 1) {
      line.style.fontSize = `${size}px`;
      if (line.scrollWidth <= line.clientWidth && line.scrollHeight <= maxHeight) break;
    }
    line.style.fontSize = `${size}px`;
  }, [shown, width]);

  return (
    <figure className="message-preview">
      <div className="message-preview__stage" ref={stage}>
        {imageUrl ? <img src={imageUrl} alt="" className="message-preview__image" /> : null}
        <p
          className="message-preview__text"
          ref={writing}
          style={{ color }}
          data-testid="message-preview-text"
        >
          {shown}
        </p>
      </div>
      <figcaption className="message-preview__caption">
        Preview of your {label.toLowerCase()}
      </figcaption>
    </figure>
  );
}
