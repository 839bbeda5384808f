// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatPhone } from '@common/rules';
import { BOOKING_THANKS } from '@common/schemas/public';
import { BookingForm } from './BookingForm';

const fetchMock = vi.fn();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('phone formatting', () => {
  it.each([
    ['', ''],
    ['5', '(5'],
    ['555', '(555'],
    ['5551', '(555) 1'],
    ['555123', '(555) 123'],
    ['5551234', '(555) 123-4'],
    ['5551234567', '(555) 123-4567'],
    ['55512345678', '(555) 123-4567'],
    ['(555) 123-4567', '(555) 123-4567'],
    ['555.123.4567 ext', '(555) 123-4567'],
    ['abc', ''],
  ])('formats %j as %j', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });

  it('formats the booking form phone while the visitor types', async () => {
    render(<BookingForm />);
    const phone = screen.getByLabelText('Phone') as HTMLInputElement;
    await userEvent.type(phone, '6045550142');
    expect(phone.value).toBe('(604) 555-0142');
  });
});

describe('the booking form', () => {
  it('shows a message under each bad field and sends nothing', async () => {
    render(<BookingForm />);
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Phone'), '60455');
    await userEvent.click(screen.getByRole('button', { name: 'BOOK NOW' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Please enter a valid phone number in format: (123) 456-7890')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a good request, confirms it and empties the form', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ message: BOOKING_THANKS }), { status: 201 }));
    render(<BookingForm />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ada Park');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Phone'), '6045550142');
    await userEvent.click(screen.getByRole('button', { name: 'BOOK NOW' }));
    expect(await screen.findByText(BOOKING_THANKS)).toBeTruthy();
    expect(JSON.parse(fetchMock.mock.calls[0][1].body as string)).toEqual({
      name: 'Ada Park',
      email: 'ada@example.com',
      phone: '(604) 555-0142',
    });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });
});
