import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { publishedToast, updateRequests, useUpdateMutation } from '../api/update-actions';
import type { AdminUpdate, UpdateDraft } from '../api/types';
import { checkDraft, placeError, TITLE_MAX, type FieldErrors } from '../lib/form-errors';
import { statusLine } from '../lib/status';
import { ScheduleDialog } from './schedule-dialog';
import { StatusBadge } from './status-badge';
import './update-form.css';

const RichTextEditor = lazy(() => import('./rich-text-editor'));

type Intent = 'save' | 'publish' | { publishDate: string };

/**
 * Writing one update: its title and text, then save it as it is, publish it now, or schedule
 * it. Publishing saves the text first. A new update becomes a draft on its first save.
 */
export function UpdateForm({
  update,
  onCreated,
  onPublished,
}: {
  /** The saved update; none for a new one. */
  update?: AdminUpdate;
  onCreated: (update: AdminUpdate) => void;
  onPublished: () => void;
}) {
  const ids = { label: useId(), hint: useId(), error: useId() };
  const [saved, setSaved] = useState<UpdateDraft>({
    title: update?.title ?? '',
    content: update?.content ?? '',
  });
  const [draft, setDraft] = useState<UpdateDraft>(saved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [scheduling, setScheduling] = useState(false);
  const changed = draft.title !== saved.title || draft.content !== saved.content;
  const status = update?.status ?? 'draft';

  // A new update once its first save landed (a failed publish after it must not create twice).
  const [created, setCreated] = useState<AdminUpdate>();

  const submit = useUpdateMutation(async (intent: Intent) => {
    let current = update ?? created;
    if (!current || changed) {
      const body = { title: draft.title.trim(), content: draft.content };
      current = current
        ? await updateRequests.save({ id: current.id, ...body })
        : await updateRequests.create(body);
      setSaved(draft);
      setCreated(current);
    }
    if (intent === 'save') return { update: current, intent };
    const publishDate = typeof intent === 'object' ? intent.publishDate : undefined;
    return { update: await updateRequests.publish({ id: current.id, publishDate }), intent };
  });

  function send(intent: Intent) {
    const problems = checkDraft(draft);
    setErrors(problems);
    setFormError(null);
    if (Object.keys(problems).length > 0) return;
    submit.mutate(intent, {
      onSuccess: ({ update: answer, intent: done }) => {
        setScheduling(false);
        if (done !== 'save') {
          toast({ ...publishedToast(answer), variant: 'success' });
          onPublished();
          return;
        }
        toast({
          title: update ? 'Changes saved' : 'Draft saved',
          description: `${statusLine(answer)}.`,
          variant: 'success',
        });
        if (!update) onCreated(answer);
      },
      onError: (error) => {
        const placed = placeError(error);
        setErrors(placed.fields);
        setFormError(placed.form);
      },
    });
  }

  const pending = submit.isPending;
  // The dialog stays outside the form: its own submit would bubble to this one (React events
  // follow the component tree through portals).
  return (
    <>
      <form
        className="update-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending) send('save');
        }}
      >
        <div className="update-form__status">
          <StatusBadge status={status} />
          <span>{update ? statusLine(update) : 'New update, not saved yet'}</span>
          {update?.status === 'published' && (
            <Link to={paths.update(update.id)} target="_blank" rel="noopener noreferrer">
              View on the site
            </Link>
          )}
        </div>

        <Field
          label="Title"
          value={draft.title}
          maxLength={TITLE_MAX}
          error={errors.title}
          hint={`${draft.title.length}/${TITLE_MAX} characters`}
          onChange={(event) => setDraft({ ...draft, title: event.target.value })}
        />

        <div className="field">
          <span id={ids.label} className="field__label">
            Text
          </span>
          <Suspense fallback={<div className="update-form__loading">Loading the editor...</div>}>
            <RichTextEditor
              initialHtml={saved.content}
              labelledBy={ids.label}
              describedBy={errors.content ? `${ids.error} ${ids.hint}` : ids.hint}
              invalid={Boolean(errors.content)}
              onChange={(content) => setDraft((current) => ({ ...current, content }))}
            />
          </Suspense>
          {errors.content && (
            <p id={ids.error} className="field__error">
              {errors.content}
            </p>
          )}
          <p id={ids.hint} className="field__hint">
            Headings, lists, quotes and links (web, email or a page of this site). Players see the
            text as it looks here.
          </p>
        </div>

        {formError && <Alert>{formError}</Alert>}

        <div className="update-form__buttons">
          <Button type="submit" variant="secondary" disabled={pending || (update && !changed)}>
            {pending ? 'Saving...' : update ? 'Save changes' : 'Save draft'}
          </Button>
          {status !== 'published' && (
            <>
              <Button variant="secondary" disabled={pending} onClick={() => setScheduling(true)}>
                Schedule...
              </Button>
              <Button disabled={pending} onClick={() => send('publish')}>
                Publish now
              </Button>
            </>
          )}
        </div>
      </form>
      {scheduling && (
        <ScheduleDialog
          current={update?.status === 'scheduled' ? update.publishDate : null}
          pending={pending}
          error={errors.publishDate ?? null}
          onSchedule={(publishDate) => send({ publishDate })}
          onClose={() => setScheduling(false)}
        />
      )}
    </>
  );
}
