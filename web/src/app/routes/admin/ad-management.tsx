import { AdManager } from '@/features/ads-admin/components/ad-manager';
import { AdminAdsPage } from '@/features/ads-admin/components/admin-ads-page';
import { IconManager } from '@/features/ads-admin/components/icon-manager';

export default function AdManagementRoute() {
  return (
    <AdminAdsPage title="Ad Management" subtitle="Every ball-face ad, and the custom ball icons.">
      <AdManager kind="ball" />
      <section className="ads-admin-section" aria-labelledby="ball-icons-title">
        <h2 id="ball-icons-title">Ball icons</h2>
        <p>
          A custom icon is the face of every ball of its colour, unless an ad of that colour runs.
        </p>
        <IconManager />
      </section>
    </AdminAdsPage>
  );
}
