/**
 * The custom-message preview island (spec §5, §9): the shopper's message written in the chosen
 * colour over the product's picture, fitted and debounced by useFittedMessage. Loaded lazily,
 * only on pages with a custom message, once the page is hydrated.
 */
import { useFittedMessage } from "./fitted-message";

interface MessagePreviewProps {
  text: string;
  /** A CSS colour (the choice's meta.color). */
  color: string;
  imageUrl: string | null;
  /** What the message is written on, for the caption ('Message on Cake'). */
  label: string;
}

export default function MessagePreview({ text, color, imageUrl, label }: MessagePreviewProps) {
  // The line is 80% of the picture wide (CSS) and at most 60% of its height.
  const { shown, stage, writing } = useFittedMessage(text, 0.6);

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
