// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, useWatch } from 'react-hook-form';
import { PhoneField } from './Field';

afterEach(cleanup);

function PhoneForm({ onValue }: { onValue(phone: string): void }) {
  const { register, control } = useForm({ defaultValues: { phone: '' } });
  onValue(useWatch({ control, name: 'phone' }));
  return <PhoneField label="Phone number" error="Phone number is required" {...register('phone')} />;
}

describe('PhoneField', () => {
  it('is a phone input named by its label, formats what is typed and hands the formatted number to its form', async () => {
    let value = '';
    render(<PhoneForm onValue={(phone) => (value = phone)} />);
    const input = screen.getByRole('textbox', { name: 'Phone number' });
    expect(input.getAttribute('type')).toBe('tel');
    expect(input.getAttribute('placeholder')).toBe('(123) 456-7890');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Phone number is required',
    );
    await userEvent.type(input, '1234567890');
    expect((input as HTMLInputElement).value).toBe('(123) 456-7890');
    expect(value).toBe('(123) 456-7890');
  });
});
