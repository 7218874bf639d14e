/**
 * A message written on a picture, as the islands draw it (spec §9): typing is followed after
 * 500 ms of quiet and resizing after 250 ms, so the writing does not jump with every key, and the
 * text takes the largest font size from 28 down to 11 px that fits its box. Shared by the message
 * preview and the builder's design picture.
 */
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { MESSAGE_FONT_SIZE } from "~/lib/item-form";

const TEXT_DEBOUNCE_MS = 500;
const RESIZE_DEBOUNCE_MS = 250;

/**
 * The text shown (the typed text once typing pauses) and the refs of the picture (`stage`) and
 * of the line of writing. The line's width comes from CSS; it may wrap, but not overflow its
 * width or grow past `maxHeightRatio` of the picture's height.
 */
export function useFittedMessage(text: string, maxHeightRatio: number) {
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

  // Largest size that fits, measured in the page itself.
  useLayoutEffect(() => {
    const box = stage.current;
    const line = writing.current;
    if (!box || !line) return;
    const maxHeight = box.clientHeight * maxHeightRatio;
    let size: number = MESSAGE_FONT_SIZE.max;
    for (; size > MESSAGE_FONT_SIZE.min; size -= 1) {
      line.style.fontSize = `${size}px`;
      if (line.scrollWidth <= line.clientWidth && line.scrollHeight <= maxHeight) break;
    }
    line.style.fontSize = `${size}px`;
  }, [shown, width, maxHeightRatio]);

  return { shown, stage, writing };
}
