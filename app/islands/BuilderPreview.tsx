/**
 * The builder preview island (spec §2 builder layout): the product's base picture with the
 * pictures of the chosen choices stacked over it, in the builder's order, and the cake's message
 * written on top as it is typed (useFittedMessage: spec §9's debounces and font sizes). Loaded
 * lazily, only on builder pages, once the page is hydrated; without scripts the gallery shows the
 * photos instead, and 'Preview Message' has the server draw the message.
 */
import { useFittedMessage } from "./fitted-message";

interface BuilderPreviewProps {
  baseImageUrl: string | null;
  /** Layer pictures, bottom first. */
  layers: string[];
  /** The message to write on the design, in its colour (a CSS colour); null for none. */
  message: { text: string; color: string } | null;
  /**
   * What the picture shows, for screen readers ('Your design: Vanilla icing, Pink border, the
   * message “Happy Birthday” in Royal Blue'). A label, not a live region: typing is not read out.
   */
  description: string;
}

export default function BuilderPreview({
  baseImageUrl,
  layers,
  message,
  description,
}: BuilderPreviewProps) {
  // The writing sits on the cake's top: 56% of the picture wide (CSS), at most a quarter as tall.
  const { shown, stage, writing } = useFittedMessage(message ? message.text.trim() : "", 0.25);
  return (
    <div
      className="builder-preview"
      role="img"
      aria-label={description}
      data-testid="builder-preview"
      ref={stage}
    >
      {baseImageUrl ? <img src={baseImageUrl} alt="" className="builder-preview__layer" /> : null}
      {layers.map((url) => (
        <img key={url} src={url} alt="" className="builder-preview__layer" />
      ))}
      {/* Always there, so that it is measured whenever the text changes; hidden while blank. */}
      <p
        className="builder-preview__message"
        ref={writing}
        style={message ? { color: message.color } : undefined}
        hidden={!shown}
        data-testid="builder-message"
      >
        {shown}
      </p>
    </div>
  );
}
