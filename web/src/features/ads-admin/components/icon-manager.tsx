// Custom ball icons, one per colour (docs/api.md 'Review and management'). Icons are drawn only
// through an <img> of a data: URL of the sanitised SVG (the board's rule, game/faces.ts), never
// put into the page.
import { COLORS, type Color } from '@ballmatch/engine';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryStates } from '@/components/stats/query-states';
import { ActionDialog } from '@/components/ui/action-dialog';
import { Button } from '@/components/ui/button';
import { colorFromCode, iconImageUrl } from '@/game/faces';
import { errorMessage } from '@/lib/api-client';
import { adminIconsQueryOptions, useDeleteIcon } from '../api/icons';
import type { Icon } from '../api/types';
import { FaceBall } from './face-ball';
import { IconUploadForm } from './icon-upload-form';
import './icons.css';

function iconsByColor(icons: Icon[]): Map<Color, Icon> {
  const byColor = new Map<Color, Icon>();
  for (const icon of icons) {
    const color = colorFromCode(icon.color_code);
    if (color && !byColor.has(color)) byColor.set(color, icon);
  }
  return byColor;
}

/** The custom ball icons as a section of an admin page, under its heading and what they do. */
export function BallIconsSection({
  className,
  headingId,
}: {
  className: string;
  headingId: string;
}) {
  return (
    <section className={className} aria-labelledby={headingId}>
      <h2 id={headingId}>Ball icons</h2>
      <p>
        A custom icon is the face of every ball of its colour, unless an ad of that colour runs.
      </p>
      <IconManager />
    </section>
  );
}

export function IconManager() {
  const icons = useQuery(adminIconsQueryOptions());
  const [color, setColor] = useState<Color>(COLORS[0]);
  const [deleting, setDeleting] = useState<Color | null>(null);

  return (
    <div className="icon-manager">
      <QueryStates query={icons} what="the ball icons">
        {(list) => {
          const byColor = iconsByColor(list);
          return (
            <ul className="icon-slots" aria-label="Ball icons by colour">
              {COLORS.map((c) => {
                const icon = byColor.get(c);
                return (
                  <li key={c} className="icon-slot">
                    <FaceBall
                      color={c}
                      size={64}
                      url={icon ? iconImageUrl(icon.svg_content) : null}
                      alt={icon ? `The ${c} icon` : ''}
                    />
                    <strong>{c}</strong>
                    <span className="icon-slot__state">{icon ? 'Custom icon' : 'Plain ball'}</span>
                    <div className="icon-slot__actions">
                      <Button size="sm" variant="secondary" onClick={() => setColor(c)}>
                        {icon ? 'Replace' : 'Upload'}
                        <span className="visually-hidden"> the {c} icon</span>
                      </Button>
                      {icon && (
                        <Button size="sm" variant="danger" onClick={() => setDeleting(c)}>
                          Delete<span className="visually-hidden"> the {c} icon</span>
                        </Button>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          );
        }}
      </QueryStates>
      <IconUploadForm color={color} onColorChange={setColor} />
      {deleting && <DeleteIconDialog color={deleting} onClose={() => setDeleting(null)} />}
    </div>
  );
}

function DeleteIconDialog({ color, onClose }: { color: Color; onClose: () => void }) {
  const remove = useDeleteIcon();
  return (
    <ActionDialog
      title="Delete icon"
      submitLabel="Delete icon"
      pendingLabel="Deleting..."
      danger
      pending={remove.isPending}
      error={remove.error && errorMessage(remove.error, 'The icon could not be deleted.')}
      onSubmit={() => remove.mutate(color, { onSuccess: onClose })}
      onClose={onClose}
    >
      <p>The {color} balls go back to their plain look in every new game.</p>
    </ActionDialog>
  );
}
