import { useSearchParams } from 'react-router';
import { PageFrame } from '../../ui/PageFrame';
import { Tabs, type Tab } from '../../ui/Tabs';
import { BookingsPanel } from './BookingsPanel';
import { EnrollmentsPanel } from './EnrollmentsPanel';
import { SubscribersPanel } from './SubscribersPanel';

type InboxTab = 'bookings' | 'enrollments' | 'subscribers';

/**
 * What reaches the academy through its public site, one tab per kind, the tab in the address (?tab=): booking
 * requests, the families' enrollments and the newsletter's subscribers. A new kind is one more entry with its panel.
 */
const TABS: ReadonlyArray<Tab<InboxTab>> = [
  { value: 'bookings', label: 'Bookings', content: <BookingsPanel /> },
  { value: 'enrollments', label: 'Enrollments', content: <EnrollmentsPanel /> },
  { value: 'subscribers', label: 'Subscribers', content: <SubscribersPanel /> },
];

export default function InboxPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = TABS.find((t) => t.value === asked)?.value ?? TABS[0].value;
  return (
    <PageFrame
      eyebrow="Administration"
      title="Inbox"
      lead="Booking requests, enrollments and newsletter subscribers from the public site."
    >
      <Tabs
        label="Inbox"
        tabs={TABS}
        value={tab}
        onChange={(value) => setParams(value === TABS[0].value ? {} : { tab: value }, { replace: true })}
      />
    </PageFrame>
  );
}
