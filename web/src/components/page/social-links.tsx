import { site } from '@/config/site';

/** The site's social media links, each opening in a new tab; `className` styles the list. */
export function SocialLinks({ className, label }: { className: string; label?: string }) {
  return (
    <ul className={className} aria-label={label}>
      {site.social.map((s) => (
        <li key={s.label}>
          <a href={s.href} target="_blank" rel="noopener noreferrer">
            {s.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
