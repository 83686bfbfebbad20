import { PageTitle } from '@/components/page/page-title';
import { Card, CardBody } from '@/components/ui/card';
import { site } from '@/config/site';
import './contact.css';

export default function ContactRoute() {
  return (
    <div className="page page--narrow">
      <PageTitle title="Contact" subtitle="We read every message." />
      <div className="contact-grid">
        <Card>
          <CardBody>
            <h2 className="contact-grid__title">Email</h2>
            <p>Account questions, advertising, press, or a bug to report.</p>
            <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>
          </CardBody>
        </Card>
        <Card>
          <CardBody>
            <h2 className="contact-grid__title">Community chat</h2>
            <p>Share ideas and feedback, and meet other players.</p>
            <a href={site.communityChatUrl} target="_blank" rel="noopener noreferrer">
              Join the community chat
            </a>
          </CardBody>
        </Card>
      </div>
    </div>
  );
}
