import { useId, useState } from 'react';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { adImageUrl } from '@/game/faces';

/**
 * An ad's image from the server, or a note when its address is not one the page may load
 * (https, this site or an inline image: the same rule as the board's).
 */
export function AdImage({
  src,
  alt,
  className,
  onSize,
}: {
  src: string;
  alt: string;
  className?: string;
  onSize?: (size: { width: number; height: number }) => void;
}) {
  const url = adImageUrl(src);
  if (!url)
    return <span className="ad-image-missing">The image address is not one this site loads.</span>;
  return (
    <img
      src={url}
      alt={alt}
      className={className}
      referrerPolicy="no-referrer"
      onLoad={(event) =>
        onSize?.({
          width: event.currentTarget.naturalWidth,
          height: event.currentTarget.naturalHeight,
        })
      }
    />
  );
}

/** The image at its own size (scrolling sideways if wider than the page), with its size. */
export function RealSizeImage({ src, alt }: { src: string; alt: string }) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const caption = useId();
  return (
    <figure className="ad-real-size">
      <ScrollRegion className="ad-real-size__frame" aria-labelledby={caption}>
        <AdImage src={src} alt={alt} className="ad-real-size__img" onSize={setSize} />
      </ScrollRegion>
      <figcaption id={caption}>Real size{size && `: ${size.width} × ${size.height} px`}</figcaption>
    </figure>
  );
}
