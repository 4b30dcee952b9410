/** Stored images as thumbnails, each a link to the full image: reported listings and problem reports show them so. */
export function ThumbnailLinks({ images, altOf }: { images: readonly { url: string; thumbUrl: string }[]; altOf: (position: number) => string }) {
  if (images.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2">
      {images.map((image, index) => (
        <li key={image.url}>
          <a href={image.url} target="_blank" rel="noreferrer" className="block">
            <img src={image.thumbUrl} alt={altOf(index + 1)} className="size-20 rounded-lg object-cover" />
          </a>
        </li>
      ))}
    </ul>
  );
}
