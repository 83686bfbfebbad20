// Small inline icons of the leaderboard pages.
import { LineIcon } from '@/components/ui/line-icon';

export function TrophyIcon({ size = 16 }: { size?: number }) {
  return (
    <LineIcon
      size={size}
      d="M7 4h10v4a5 5 0 0 1-10 0zM7 6H4v1a3 3 0 0 0 3 3M17 6h3v1a3 3 0 0 1-3 3M12 13v4M8 20h8M9.5 17h5"
    />
  );
}

export function ArchiveIcon({ size = 16 }: { size?: number }) {
  return <LineIcon size={size} d="M4 5h16v4H4zM5 9v10h14V9M10 13h4" />;
}
