import { adImageUrl } from '@/game/faces';
import type { Ad } from '../api/types';
import { AdImage, RealSizeImage } from './ad-image';
import { BallBoardPreview, isBallColor } from './ball-board-preview';
import { BannerPreview } from './banner-preview';
import { FaceBall } from './face-ball';
import './ad-previews.css';

/** The ad's image at its real size and where players will see it. */
export function AdPreviews({ ad }: { ad: Ad }) {
  const alt = `${ad.kind === 'ball' ? `${ad.color} ball` : 'Banner'} ad by ${ad.advertiserName}`;
  return (
    <div className="ad-previews">
      <RealSizeImage src={ad.imageUrl} alt={alt} />
      {ad.kind === 'ball' && isBallColor(ad.color) && (
        <BallBoardPreview color={ad.color} imageUrl={ad.imageUrl} />
      )}
      {ad.kind === 'banner' && <BannerPreview imageUrl={ad.imageUrl} />}
    </div>
  );
}

/** A small picture of the ad for lists: one ball wearing it, or the banner scaled down. */
export function AdThumb({ ad }: { ad: Ad }) {
  if (ad.kind === 'ball' && isBallColor(ad.color)) {
    return (
      <FaceBall
        color={ad.color}
        size={56}
        url={adImageUrl(ad.imageUrl)}
        alt={`${ad.color} ball ad`}
      />
    );
  }
  return <AdImage src={ad.imageUrl} alt="Banner ad" className="ad-thumb--banner" />;
}
