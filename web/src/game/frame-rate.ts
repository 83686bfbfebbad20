// Frame rates: 60 fps; 30 on mobile devices or small screens; 24 on low battery (below 30% and not
// charging). The battery is read with navigator.getBattery where the browser has it (Chromium) and
// followed as it drains or starts charging.

export const FRAME_RATE = { full: 60, mobile: 30, lowBattery: 24 } as const;
export const SMALL_SCREEN_MAX_WIDTH = 768;
export const LOW_BATTERY_LEVEL = 0.3;

export interface DeviceTraits {
  mobile: boolean;
  screenWidth: number;
  battery?: { level: number; charging: boolean } | null;
}

export function chooseFrameRate({ mobile, screenWidth, battery }: DeviceTraits): number {
  if (battery && !battery.charging && battery.level < LOW_BATTERY_LEVEL) {
    return FRAME_RATE.lowBattery;
  }
  if (mobile || screenWidth < SMALL_SCREEN_MAX_WIDTH) return FRAME_RATE.mobile;
  return FRAME_RATE.full;
}

interface BatteryLike extends EventTarget {
  level: number;
  charging: boolean;
}

function isMobileDevice(): boolean {
  const nav = navigator as Navigator & { userAgentData?: { mobile?: boolean } };
  if (typeof nav.userAgentData?.mobile === 'boolean') return nav.userAgentData.mobile;
  return /Android|iPhone|iPad|iPod|Mobile/i.test(nav.userAgent);
}

function screenWidth(): number {
  return Math.min(window.innerWidth || Infinity, window.screen?.width || Infinity);
}

/**
 * Calls `onChange` with the frame rate now and whenever the battery or the window changes.
 * Returns a function that stops listening.
 */
export function watchFrameRate(onChange: (fps: number) => void): () => void {
  let battery: BatteryLike | null = null;
  let stopped = false;
  const update = () => {
    if (stopped) return;
    onChange(
      chooseFrameRate({
        mobile: isMobileDevice(),
        screenWidth: screenWidth(),
        battery: battery ? { level: battery.level, charging: battery.charging } : null,
      }),
    );
  };
  update();
  window.addEventListener('resize', update);
  const nav = navigator as Navigator & { getBattery?: () => Promise<BatteryLike> };
  nav
    .getBattery?.()
    .then((b) => {
      battery = b;
      b.addEventListener('levelchange', update);
      b.addEventListener('chargingchange', update);
      update();
    })
    .catch(() => undefined);
  return () => {
    stopped = true;
    window.removeEventListener('resize', update);
    battery?.removeEventListener('levelchange', update);
    battery?.removeEventListener('chargingchange', update);
  };
}
