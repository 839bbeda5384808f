// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { studentDetails } from '@common/schemas/auth';
import { ProfileFields } from './ProfileFields';
import { useSchemaForm } from './form';

afterEach(cleanup);

function StudentForm({ own = true }: { own?: boolean }) {
  const { register, handleSubmit, formState } = useSchemaForm(studentDetails);
  return (
    <form onSubmit={handleSubmit(() => undefined)} noValidate>
      <ProfileFields
        fields={['first_name', 'last_name', 'grade_level', 'birthday', 'phone_number', 'address']}
        register={register}
        errors={formState.errors}
        own={own}
        after={{ last_name: <p>after the names</p> }}
      />
      <button type="submit">Send</button>
    </form>
  );
}

describe('ProfileFields', () => {
  it('shows only the fields asked for, in their order, with the schema messages on their fields', async () => {
    const user = userEvent.setup();
    render(<StudentForm />);
    // First name, last name, phone and address; the birthday is a date input and the grade a select.
    expect(screen.getAllByRole('textbox')).toHaveLength(4);
    expect(screen.queryByLabelText('School')).toBeNull();
    expect(screen.queryByLabelText('Gender')).toBeNull();
    const order = [...document.querySelectorAll('label, p')].map((node) => node.textContent);
    expect(order.slice(0, 3)).toEqual(['First name', 'Last name', 'after the names']);
    expect(screen.getByRole('option', { name: 'Kindergarten' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Please choose a grade from K to 12')).toBeTruthy();
    expect(screen.getByLabelText('First name').getAttribute('aria-invalid')).toBe('true');
  });

  it("lets the browser offer the person's own details only when they describe themself", () => {
    const { unmount } = render(<StudentForm />);
    expect(screen.getByLabelText('First name').getAttribute('autocomplete')).toBe('given-name');
    unmount();
    render(<StudentForm own={false} />);
    expect(screen.getByLabelText('First name').getAttribute('autocomplete')).toBe('off');
    expect(screen.getByLabelText('Address').getAttribute('autocomplete')).toBe('off');
  });
});
