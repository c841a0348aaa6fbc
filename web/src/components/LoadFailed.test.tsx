import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LoadFailed } from './LoadFailed';

/** A page section that failed to load: Try again shows "Loading…" until the test answers, as a page does. */
let answer: (outcome: 'failed' | 'loaded') => void = () => undefined;
function Section({ now }: { now: () => number }) {
  const [state, setState] = useState<'failed' | 'loading' | 'loaded'>('failed');
  useEffect(() => {
    answer = setState;
  }, []);
  if (state === 'loading') return <p>Loading…</p>;
  if (state === 'loaded') return <p>Your mentoring</p>;
  return <LoadFailed message="The service is temporarily unavailable." onRetry={() => setState('loading')} now={now} />;
}

describe('LoadFailed', () => {
  it('shows the message as the alert, alone, with Try again beside it', () => {
    render(<Section now={() => 0} />);
    expect(screen.getByRole('alert')).toHaveTextContent(/^The service is temporarily unavailable\.$/);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('when the new try fails too, its Try again has the focus, where the visitor left it', async () => {
    const user = userEvent.setup();
    render(<Section now={() => 1_000} />);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Loading…')).toBeVisible();
    expect(document.activeElement).toBe(document.body);
    act(() => answer('failed'));
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus();
  });

  it('a failure long after the last Try again is a new one: it does not take the focus', async () => {
    const user = userEvent.setup();
    let clock = 5_000;
    render(<Section now={() => clock} />);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    act(() => answer('loaded'));
    expect(screen.getByText('Your mentoring')).toBeVisible();
    // Ten minutes later the section fails again (a later reload of its data): nobody asked, so focus stays put.
    clock += 600_000;
    act(() => answer('failed'));
    expect(screen.getByRole('button', { name: 'Try again' })).not.toHaveFocus();
  });
});
