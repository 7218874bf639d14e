import { lazy, Suspense } from "react";
import { MESSAGE_FONT_SIZE } from "~/lib/item-form";

// The preview island's code loads only when a message is first previewed.
const MessagePreview = lazy(() => import("~/islands/MessagePreview"));

/** The stage's drawing box (4:3, as the stage) and the width the message may take (80%). */
const STAGE_WIDTH = 400;
const STAGE_HEIGHT = 300;
const LINE_WIDTH = STAGE_WIDTH * 0.8;
/** A script face's letters are about this wide for their size, on average. */
const LETTER_WIDTH = 0.55;

/** The element the no-script 'Preview Message' lands on. */
export const messagePreviewId = (facetId: number) => `message-preview-${facetId}`;

interface ConfirmedMessagePreviewProps {
  facetId: number;
  text: string;
  color: string;
  imageUrl: string | null;
  label: string;
  hydrated: boolean;
}

/**
 * A custom message's preview once its step is confirmed (spec §4): with scripts the island, which
 * fits the text as it changes; without them the server draws it once, as an SVG (the CSP allows
 * no style attributes, and a fill is not one), at a size estimated from its length.
 */
export function ConfirmedMessagePreview(props: ConfirmedMessagePreviewProps) {
  const { facetId, text, color, imageUrl, label, hydrated } = props;
  if (hydrated) {
    return (
      <div className="item-form__preview" id={messagePreviewId(facetId)}>
        <Suspense fallback={null}>
          <MessagePreview text={text} color={color} imageUrl={imageUrl} label={label} />
        </Suspense>
      </div>
    );
  }
  const trimmed = text.trim();
  const natural = LINE_WIDTH / (LETTER_WIDTH * Math.max(trimmed.length, 1));
  const size = Math.max(
    MESSAGE_FONT_SIZE.min,
    Math.min(MESSAGE_FONT_SIZE.max, Math.floor(natural)),
  );
  const squeeze = natural < MESSAGE_FONT_SIZE.min;
  return (
    <div className="item-form__preview" id={messagePreviewId(facetId)}>
      <figure className="message-preview">
        <div className="message-preview__stage">
          {imageUrl ? <img src={imageUrl} alt="" className="message-preview__image" /> : null}
          <svg
            className="message-preview__drawing"
            viewBox={`0 0 ${STAGE_WIDTH} ${STAGE_HEIGHT}`}
            aria-hidden="true"
            focusable="false"
          >
            <text
              x={STAGE_WIDTH / 2}
              y={STAGE_HEIGHT / 2}
              textAnchor="middle"
              dominantBaseline="middle"
              fill={color}
              fontSize={size}
              textLength={squeeze ? LINE_WIDTH : undefined}
              lengthAdjust={squeeze ? "spacingAndGlyphs" : undefined}
              className="message-preview__svg-text"
              data-testid="message-preview-text"
            >
              {trimmed}
            </text>
          </svg>
        </div>
        <figcaption className="message-preview__caption">
          Preview of your {label.toLowerCase()}: “{trimmed}”
        </figcaption>
      </figure>
    </div>
  );
}
