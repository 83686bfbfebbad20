import { useId } from 'react';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { AdImage } from './ad-image';

/** The banner where the site shows it: a 728 × 90 footer place, and a phone's width. */
export function BannerPreview({ imageUrl }: { imageUrl: string }) {
  const desktopCaption = useId();
  return (
    <div className="banner-previews">
      <figure className="banner-preview">
        {/* Wider than a phone, so it scrolls there. */}
        <ScrollRegion
          className="banner-preview__frame banner-preview__frame--desktop"
          aria-labelledby={desktopCaption}
        >
          <AdImage src={imageUrl} alt="" className="banner-preview__img" />
        </ScrollRegion>
        <figcaption id={desktopCaption}>Desktop footer, 728 × 90</figcaption>
      </figure>
      <figure className="banner-preview">
        <div className="banner-preview__frame banner-preview__frame--phone">
          <AdImage src={imageUrl} alt="" className="banner-preview__img" />
        </div>
        <figcaption>Phone, 360 px wide</figcaption>
      </figure>
    </div>
  );
}
