import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { BreakableEmail } from '@/components/ui/breakable-email';
import { Button, SubmitButton } from '@/components/ui/button';
import { Field, TextAreaField } from '@/components/ui/field';
import { useFormFields } from '@/hooks/use-form-fields';
import { EMAIL_FIELD } from '@/lib/form-fields';
import { errorField, errorMessage } from '@/lib/api-client';
import { FEEDBACK_LIMITS, useSendFeedback } from '../api/send-feedback';
import './contact-form.css';

const FIELDS = ['name', 'email', 'message'] as const;
type ContactField = (typeof FIELDS)[number];

const SEND_FAILED = 'Your message could not be sent. Please try again in a moment.';

/**
 * The /contact form: name, email and message to the team. The server's refusal of a field shows
 * under that field; any other failure (the hourly limit, an outage) above the button, in the
 * server's words. Signed-in players find their name and email filled in.
 */
export function ContactForm({ name = '', email = '' }: { name?: string; email?: string }) {
  const send = useSendFeedback();
  const { values, setValues, fieldErrors, bind } = useFormFields<ContactField>(
    FIELDS,
    { name, email, message: '' },
    () => send.reset(),
  );
  const [sentTo, setSentTo] = useState<{ name: string; email: string } | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    fieldErrors.clear();
    const input = {
      name: values.name.trim(),
      email: values.email.trim(),
      message: values.message.trim(),
    };
    send.mutate(input, {
      onSuccess: () => {
        setSentTo({ name: input.name, email: input.email });
        setValues((v) => ({ ...v, message: '' }));
      },
      onError: fieldErrors.fromServer,
    });
  }

  if (sentTo) {
    return (
      <div className="contact-sent" role="status">
        <h3 className="contact-sent__title">Thanks, {sentTo.name}!</h3>
        <p>
          Your message has reached the team. We read every one and reply by email to{' '}
          <strong className="contact-sent__email">
            <BreakableEmail email={sentTo.email} />
          </strong>{' '}
          when there is something to answer.
        </p>
        <Button
          variant="secondary"
          onClick={() => {
            send.reset();
            setSentTo(null);
          }}
        >
          Send another message
        </Button>
      </div>
    );
  }

  // A refusal that names a field is shown there; anything else here.
  const failure =
    send.isError && !errorField(send.error) ? errorMessage(send.error, SEND_FAILED) : null;

  return (
    <form className="contact-form" onSubmit={onSubmit} aria-label="Send us a message">
      <Field
        label="Your name"
        autoComplete="name"
        required
        maxLength={FEEDBACK_LIMITS.name}
        {...bind('name')}
      />
      <Field
        {...EMAIL_FIELD}
        hint="We only use it to answer you."
        maxLength={FEEDBACK_LIMITS.email}
        {...bind('email')}
      />
      <TextAreaField
        label="Message"
        placeholder="A question, an idea, a bug you found..."
        required
        rows={6}
        maxLength={FEEDBACK_LIMITS.message}
        hint={`${values.message.length} / ${FEEDBACK_LIMITS.message} characters`}
        {...bind('message')}
      />
      {failure && <Alert>{failure}</Alert>}
      <SubmitButton size="lg" block pending={send.isPending} pendingLabel="Sending...">
        Send Message
      </SubmitButton>
    </form>
  );
}
