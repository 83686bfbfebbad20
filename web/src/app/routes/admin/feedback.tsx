import { PageTitle } from '@/components/page/page-title';
import { paths } from '@/config/paths';
import { FeedbackInbox } from '@/features/feedback-admin/components/feedback-inbox';
import { BackLink } from '@/features/leaderboards/components/back-link';

/** /admin-feedback: what players sent from /contact; replies go by email. */
export default function FeedbackRoute() {
  return (
    <div className="page page--narrow">
      <BackLink to={paths.adminDashboard} label="Admin Dashboard" />
      <PageTitle
        title="Player Feedback"
        subtitle="Messages from the contact page. Reply by email; archive what is done."
      />
      <FeedbackInbox />
    </div>
  );
}
