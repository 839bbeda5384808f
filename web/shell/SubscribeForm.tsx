import { api, errorMessage } from '../api/client';
import { useSchemaForm } from '../ui/form';
import { useNotify } from '../ui/Toast';
import { SubscribeView } from './SubscribeView';

const FAILED = 'We could not add your email. Please try again.';
/** The schema (and zod with it) loads on the first submit, keeping it off every page's first load. */
const loadSubscriptionBody = () => import('@common/schemas/public').then((m) => m.subscriptionBody);

/** The footer's subscribe box: the address is checked here and again by the server, then stored. */
export default function SubscribeForm() {
  // Like every message of the academy, the answer clears itself after 5 s.
  const { notice, notify } = useNotify();
  const form = useSchemaForm(loadSubscriptionBody, { defaultValues: { email: '' } });
  const problem = form.formState.errors.email?.message;

  const submit = form.submitWith(
    async (subscription) => {
      const reply = await api.post<{ message: string }>('/subscriptions', subscription, FAILED);
      const { SUBSCRIBE_THANKS } = await import('@common/schemas/public');
      notify('success', reply?.message ?? SUBSCRIBE_THANKS);
      form.reset();
    },
    (error) => notify('error', errorMessage(error, FAILED)),
  );
  // A field error shows where the answer shows, and the next typing clears it as the answer's delay would.
  const message = problem ? { tone: 'error' as const, text: problem } : notice;

  return (
    <SubscribeView
      input={form.register('email')}
      onSubmit={submit}
      message={message}
      busy={form.formState.isSubmitting}
    />
  );
}
