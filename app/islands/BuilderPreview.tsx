/**
 * The builder preview island (spec §2 builder layout): the product's base picture with the
 * pictures of the chosen choices stacked over it, in the builder's order. Loaded lazily, only on
 * builder pages, once the page is hydrated; without scripts the gallery shows the photos instead.
 */
interface BuilderPreviewProps {
  baseImageUrl: string | null;
  /** Layer pictures, bottom first. */
  layers: string[];
  /** What the picture shows, for screen readers ('Your design: Vanilla icing, Pink border'). */
  description: string;
}

export default function BuilderPreview({ baseImageUrl, layers, description }: BuilderPreviewProps) {
  return (
    <div
      className="builder-preview"
      role="img"
      aria-label={description}
      data-testid="builder-preview"
    >
      {baseImageUrl ? <img src={baseImageUrl} alt="" className="builder-preview__layer" /> : null}
      {layers.map((url) => (
        <img key={url} src={url} alt="" className="builder-preview__layer" />
      ))}
    </div>
  );
}
