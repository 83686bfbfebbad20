import { useId } from 'react';
import { ScrollRegion } from '@/components/ui/scroll-region';
import './banner-preview.css';

/** How a banner will look: at its full size, and scaled to a phone's width. */
export function BannerPreview({
  imageUrl,
  width,
  height,
}: {
  imageUrl: string | null;
  width: number;
  height: number;
}) {
  const fullCaption = useId();
  const box = (className: string, alt: string, boxWidth?: number) => (
    <div className={className} style={{ aspectRatio: `${width} / ${height}`, width: boxWidth }}>
      {imageUrl ? (
        <img src={imageUrl} alt={alt} width={width} height={height} />
      ) : (
        <span>
          {width} × {height}
        </span>
      )}
    </div>
  );
  return (
    <div className="banner-preview" data-testid="banner-preview">
      <figure>
        <figcaption id={fullCaption}>
          Full size ({width}×{height})
        </figcaption>
        {/* Wider than a phone, so it scrolls there. */}
        <ScrollRegion className="banner-preview__scroll" aria-labelledby={fullCaption}>
          {box('banner-preview__full', `Your banner at ${width}×${height}`, width)}
        </ScrollRegion>
      </figure>
      <figure>
        <figcaption>On a phone</figcaption>
        <div className="banner-preview__phone">
          {box('banner-preview__scaled', 'Your banner on a phone')}
        </div>
      </figure>
    </div>
  );
}
