import { useState, type FormEvent } from 'react';
import { formatPhone } from '@common/rules';
import type { BookingBody } from '@common/schemas/public';
import { api, errorMessage } from '../../api/client';
import { Toast, useNotify } from '../../ui/Toast';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import styles from './public.module.css';

type Values = { [K in keyof BookingBody]: string };
const empty: Values = { name: '', email: '', phone: '' };
const FAILED = 'We could not send your booking. Please try again.';

/**
 * The landing page's quote form: name, e-mail and phone, checked here and again by the server with the same
 * schema. The schema (and zod with it) loads on the first submit, so the landing page's first load stays light.
 */
export function BookingForm() {
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [busy, setBusy] = useState(false);
  const { notice, notify } = useNotify();

  const field = (name: keyof Values) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => {
      const value = name === 'phone' ? formatPhone(e.target.value) : e.target.value;
      setValues((v) => ({ ...v, [name]: value }));
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { BOOKING_THANKS, bookingBody } = await import('@common/schemas/public');
    const parsed = bookingBody.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Values> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Values;
        found[key] ??= issue.message;
      }
      return setErrors(found);
    }
    setErrors({});
    setBusy(true);
    try {
      const reply = await api.post<{ message: string }>('/bookings', parsed.data, FAILED);
      setValues(empty);
      notify('success', reply?.message ?? BOOKING_THANKS);
    } catch (error) {
      notify('error', errorMessage(error, FAILED));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className={styles.bookingForm} aria-label="Book a free consultation">
      <Toast notice={notice} />
      <TextField label="Name" autoComplete="name" {...field('name')} />
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      <TextField label="Phone" type="tel" autoComplete="tel-national" placeholder="(123) 456-7890" {...field('phone')} />
      <Button type="submit" variant="accent" size="lg" block disabled={busy}>
        {busy ? 'Sending...' : 'BOOK NOW'}
      </Button>
    </form>
  );
}
