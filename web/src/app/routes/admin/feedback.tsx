import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { FeedbackInbox } from '@/features/feedback-admin/components/feedback-inbox';

/** /admin-feedback: what players sent from /contact; replies go by email. */
export default function FeedbackRoute() {
  return (
    <Page
      className="page--narrow"
      back={{ to: paths.adminDashboard, label: 'Admin Dashboard' }}
      title="Player Feedback"
      subtitle="Messages from the contact page. Reply by email; archive what is done."
    >
      <FeedbackInbox />
    </Page>
  );
}
