/** What the offers module needs to know about running ads: the contract between serving and offers. */

export interface ServedAd {
  id: string;
  color: string;
  imageUrl: string;
  destinationUrl: string;
}

export interface ServingSource {
  /** Running ball-face ads, at most one per colour (the rotation rule). */
  activeBallAds(): Promise<ServedAd[]>;
  /** Colours that have a custom icon. */
  iconColors(): Promise<string[]>;
  /** The banner to show now (rotation), or null. */
  banner(placement: string): Promise<ServedAd | null>;
  /** Where a click on this ad goes, or null when it is no longer running. */
  destinationOf(adId: string): Promise<string | null>;
}
