import { api, errorMessage } from '../../api/client';
import { Button } from '../../ui/Button';
import { PhoneField, TextField } from '../../ui/Field';
import { useSchemaForm } from '../../ui/form';
import { Toast, useNotify } from '../../ui/Toast';
import styles from './public.module.css';

const FAILED = 'We could not send your booking. Please try again.';
/** The schema (and zod with it) loads on the first submit, so the landing page's first load stays light. */
const loadBookingBody = () => import('@common/schemas/public').then((m) => m.bookingBody);

/** The landing page's quote form: name, e-mail and phone, checked here and again by the server with the same schema. */
export function BookingForm() {
  const { notice, notify } = useNotify();
  const form = useSchemaForm(loadBookingBody, { defaultValues: { name: '', email: '', phone: '' } });
  const errors = form.formState.errors;

  const submit = form.submitWith(
    async (booking) => {
      const reply = await api.post<{ message: string }>('/bookings', booking, FAILED);
      form.reset();
      const { BOOKING_THANKS } = await import('@common/schemas/public');
      notify('success', reply?.message ?? BOOKING_THANKS);
    },
    (error) => notify('error', errorMessage(error, FAILED)),
  );

  return (
    <form onSubmit={submit} noValidate className={styles.bookingForm} aria-label="Book a free consultation">
      <Toast notice={notice} />
      <TextField label="Name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <PhoneField label="Phone" autoComplete="tel-national" error={errors.phone?.message} {...form.register('phone')} />
      <Button type="submit" variant="accent" size="lg" block disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Sending...' : 'BOOK NOW'}
      </Button>
    </form>
  );
}
