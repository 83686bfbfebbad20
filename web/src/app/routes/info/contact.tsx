import { Link } from 'react-router';
import { Page } from '@/components/page/page';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { ContactForm } from '@/features/contact/components/contact-form';
import { useUser } from '@/lib/auth/get-user';
import './contact.css';

/**
 * /contact: a message to the team (stored for the admins' inbox, /admin-feedback), the
 * community chat the header links to, and the address for what a form cannot carry.
 */
export default function ContactRoute() {
  const { user } = useUser();
  return (
    <Page
      className="contact"
      title="Contact"
      subtitle="Questions, ideas, a bug on the board or an ad to discuss: we read every message."
    >
      <div className="contact__layout">
        <Card className="contact__form-card">
          <CardHeader>
            <CardTitle>Send us a message</CardTitle>
          </CardHeader>
          <CardBody>
            {/* Filled in for a signed-in player once the session is known. */}
            <ContactForm key={user?.id ?? 'guest'} name={user?.username} email={user?.email} />
          </CardBody>
        </Card>
        <div className="contact__side">
          <Card>
            <CardBody>
              <h2 className="contact__title">Community chat</h2>
              <p>Talk strategy, share high scores and suggest features with other players.</p>
              <a href={site.communityChatUrl} target="_blank" rel="noopener noreferrer">
                Join the community chat
              </a>
            </CardBody>
          </Card>
          <Card>
            <CardBody>
              <h2 className="contact__title">Email</h2>
              <p>When a form will not do, say to send us a file.</p>
              <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>
            </CardBody>
          </Card>
          <Card>
            <CardBody>
              <h2 className="contact__title">Before you write</h2>
              <p>
                Many answers are in the <Link to={paths.faq}>FAQ</Link>. What we keep about a
                message (your name, email, the message and your address, to stop spam) is in the{' '}
                <Link to={paths.privacyPolicy}>Privacy Policy</Link>.
              </p>
            </CardBody>
          </Card>
        </div>
      </div>
    </Page>
  );
}
