// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CodeInput, emptyCode } from './CodeInput';

afterEach(cleanup);

function Harness() {
  const [digits, setDigits] = useState(emptyCode);
  return (
    <>
      <CodeInput digits={digits} onChange={setDigits} />
      <output data-testid="code">{digits.join('')}</output>
    </>
  );
}

const box = (n: number) => screen.getByLabelText(`Digit ${n}`) as HTMLInputElement;
const paste = (text: string) => fireEvent.paste(box(1), { clipboardData: { getData: () => text } });

describe('the six-digit code entry', () => {
  it('takes one digit per box and moves on to the next box', async () => {
    render(<Harness />);
    await userEvent.click(box(1));
    await userEvent.keyboard('4');
    expect(box(1).value).toBe('4');
    expect(document.activeElement).toBe(box(2));
    await userEvent.keyboard('27');
    expect(screen.getByTestId('code').textContent).toBe('427');
    expect(document.activeElement).toBe(box(4));
  });

  it('refuses letters and keeps single digits', async () => {
    render(<Harness />);
    await userEvent.click(box(1));
    await userEvent.keyboard('a');
    expect(box(1).value).toBe('');
    expect(document.activeElement).toBe(box(1));
    fireEvent.change(box(2), { target: { value: '98' } });
    expect(box(2).value).toBe('8');
  });

  it('goes back a box with Backspace on an empty box', async () => {
    render(<Harness />);
    await userEvent.click(box(1));
    await userEvent.keyboard('12');
    await userEvent.keyboard('{Backspace}');
    expect(document.activeElement).toBe(box(2));
  });

  it('fills every box from a paste of exactly six digits', () => {
    render(<Harness />);
    paste(' 123456 ');
    expect(screen.getByTestId('code').textContent).toBe('123456');
    expect(document.activeElement).toBe(box(6));
  });

  it.each(['12345', '1234567', '12a456', ''])('ignores a paste of %j', (text) => {
    render(<Harness />);
    paste(text);
    expect(screen.getByTestId('code').textContent).toBe('');
  });
});
