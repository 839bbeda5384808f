// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { unitBody } from '@common/schemas/courses';
import { ApiError } from '../api/client';
import { TextField } from './Field';
import { useSchemaForm } from './form';

afterEach(cleanup);

function UnitForm({ send, onFailure }: { send(values: unknown): Promise<void>; onFailure(error: unknown): void }) {
  const form = useSchemaForm(unitBody, { defaultValues: { title: '', unitNumber: '', grade: '' } });
  const errors = form.formState.errors;
  return (
    <form onSubmit={form.submitWith(send, onFailure)} noValidate>
      <TextField label="Title" error={errors.title?.message} {...form.register('title')} />
      <TextField label="Unit Number" error={errors.unitNumber?.message} {...form.register('unitNumber')} />
      <TextField label="Grade" error={errors.grade?.message} {...form.register('grade')} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('useSchemaForm', () => {
  it("shows every failing field with the shared schema's message, not only the first, and sends nothing", async () => {
    const send = vi.fn(async () => {});
    render(<UnitForm send={send} onFailure={() => {}} />);
    await userEvent.type(screen.getByLabelText('Unit Number'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Title is required',
      'Unit number must be a whole number of at least 1',
    ]);
    expect(send).not.toHaveBeenCalled();
  });

  it("sends the parsed values, and puts the server's per-field issues on their fields", async () => {
    const send = vi.fn(async () => {
      throw new ApiError('Unit number 2 is already used', 409, 'VALIDATION', [
        { path: 'unitNumber', message: 'Unit number 2 is already used' },
        { path: 'elsewhere', message: 'not ours' },
      ]);
    });
    const onFailure = vi.fn();
    render(<UnitForm send={send} onFailure={onFailure} />);
    await userEvent.type(screen.getByLabelText('Title'), '  Fractions ');
    await userEvent.type(screen.getByLabelText('Unit Number'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ title: 'Fractions', unitNumber: 2, grade: '' }));
    expect(screen.getByRole('alert').textContent).toBe('Unit number 2 is already used');
    expect(screen.getByLabelText('Unit Number').getAttribute('aria-invalid')).toBe('true');
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('leaves a refusal no field can show to the screen', async () => {
    const refusal = new ApiError('Failed to save unit', 0, 'NETWORK');
    const onFailure = vi.fn();
    render(
      <UnitForm
        send={async () => {
          throw refusal;
        }}
        onFailure={onFailure}
      />,
    );
    await userEvent.type(screen.getByLabelText('Title'), 'Fractions');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onFailure).toHaveBeenCalledWith(refusal);
  });
});
